import type { Tariff } from '@common/money/tariffs.schema';
import { Table } from '@mantine/core';
import { useServices } from '../catalog';
import { FinanceSection } from './FinanceSection';
import { METER_FIELDS, TariffRow } from './TariffRow';

/**
 * 'Tarife': one meter per service the company sells, and first the company's meter for every
 * service without its own (service 0).
 */
export function TariffsSection({ tariffs, editable }: { tariffs: Tariff[]; editable: boolean }) {
  const services = useServices();
  const rows = [
    { id: 0, name: 'Toate serviciile' },
    ...(services.data ?? []).map((service) => ({ id: service.id, name: service.name })),
  ];
  const meterOf = (serviceId: number) => tariffs.find((t) => (t.service_id ?? 0) === serviceId);

  return (
    <FinanceSection
      title="Tarife"
      description="Pornire + preț pe km + preț pe minut de cursă, cel puțin tariful minim. Sumele în RON, cu virgulă (2,80)."
    >
      <Table withTableBorder verticalSpacing={4} data-testid="tariffs-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Serviciu</Table.Th>
            {METER_FIELDS.map(({ key, label }) => (
              <Table.Th key={key}>{label}</Table.Th>
            ))}
            {editable && <Table.Th />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const tariff = meterOf(row.id);
            return (
              <TariffRow
                // Kept mounted across saves: the row's own 'Salvat cu succes!' follows its save.
                key={row.id}
                serviceId={row.id}
                name={row.name}
                tariff={tariff}
                editable={editable}
              />
            );
          })}
        </Table.Tbody>
      </Table>
    </FinanceSection>
  );
}
