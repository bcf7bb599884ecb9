import type { Commission } from '@common/money/ledger.schema';
import { Table } from '@mantine/core';
import { useServices } from '../../catalog';
import { FinanceSection } from '../FinanceSection';
import { CommissionRow } from './CommissionRow';

/** 'Comisioane': the company's cut of each finished trip, posted to the driver's balance. */
export function CommissionsSection({
  commissions,
  editable,
}: {
  commissions: Commission[];
  editable: boolean;
}) {
  const services = useServices();
  const rows = [
    { id: 0, name: 'Toate serviciile' },
    ...(services.data ?? []).map((service) => ({ id: service.id, name: service.name })),
  ];
  const commissionOf = (serviceId: number) =>
    commissions.find((c) => (c.service_id ?? 0) === serviceId);

  return (
    <FinanceSection
      title="Comisioane"
      description="La finalul cursei, din soldul șoferului se scade procentul din preț plus suma fixă. Procentul cu cel mult două zecimale (12,5)."
    >
      <Table withTableBorder verticalSpacing={4} data-testid="commissions-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Serviciu</Table.Th>
            <Table.Th>Procent</Table.Th>
            <Table.Th>Sumă fixă pe cursă</Table.Th>
            {editable && <Table.Th />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <CommissionRow
              // Kept mounted across saves: the row's own 'Salvat cu succes!' follows its save.
              key={row.id}
              serviceId={row.id}
              name={row.name}
              commission={commissionOf(row.id)}
              editable={editable}
            />
          ))}
        </Table.Tbody>
      </Table>
    </FinanceSection>
  );
}
