import { formatRon } from '@common/lib/money';
import type { CompanyTariffs, ZonePrice } from '@common/money/tariffs.schema';
import { ActionIcon, Table, Text } from '@mantine/core';
import { confirmAction } from '../../components/confirm';
import { toastApiError } from '../../lib/toast';
import { useServices } from '../catalog';
import { FinanceSection } from './FinanceSection';
import { useDeleteZonePrice } from './use-tariffs';
import { ZonePriceForm } from './ZonePriceForm';

/** 'Prețuri fixe între zone': a zone price wins over the meter, without surcharge or minimum. */
export function ZonePricesSection({
  prices,
  zones,
  editable,
}: {
  prices: ZonePrice[];
  zones: CompanyTariffs['zones'];
  editable: boolean;
}) {
  const services = useServices();
  const remove = useDeleteZonePrice();
  const serviceName = (id: number | null) =>
    id === null
      ? 'Toate serviciile'
      : (services.data?.find((s) => s.id === id)?.name ?? `Serviciul ${id}`);

  return (
    <FinanceSection
      title="Prețuri fixe între zone"
      description="Din zona adresei de preluare în zona ultimei adrese: prețul fix înlocuiește taximetrul, fără adaos și fără tarif minim."
    >
      {prices.length === 0 ? (
        <Text size="sm" c="dimmed">
          Niciun preț fix.
        </Text>
      ) : (
        <Table withTableBorder verticalSpacing={4}>
          <Table.Tbody>
            {prices.map((price) => (
              <Table.Tr key={price.id} data-testid={`zone-price-${price.id}`}>
                <Table.Td>
                  {price.from_name} {price.both_ways ? '↔' : '→'} {price.to_name}
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c="dimmed">
                    {serviceName(price.service_id)}
                  </Text>
                </Table.Td>
                <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatRon(price.price)}
                </Table.Td>
                {editable && (
                  <Table.Td w={40}>
                    <ActionIcon
                      size="sm"
                      variant="subtle"
                      color="red"
                      aria-label={`Șterge prețul ${price.from_name} – ${price.to_name}`}
                      onClick={() =>
                        confirmAction('Remove?', () =>
                          remove.mutate(price.id, { onError: (error) => toastApiError(error) }),
                        )
                      }
                      data-testid={`zone-price-delete-${price.id}`}
                    >
                      ✕
                    </ActionIcon>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {editable && <ZonePriceForm services={services.data ?? []} companyZones={zones} />}
    </FinanceSection>
  );
}
