import type { SurchargeRow } from '@common/money/tariffs.schema';
import { WEEKDAYS } from '@common/money/tariffs.schema';
import { ActionIcon, Badge, Group, Table, Text } from '@mantine/core';
import { confirmAction } from '../../components/confirm';
import { toastApiError } from '../../lib/toast';
import { FinanceSection } from './FinanceSection';
import { SurchargeForm } from './SurchargeForm';
import { useDeleteSurcharge } from './use-tariffs';
import { WEEKDAY_LABELS } from './weekdays';

/** 'Adaosuri': windows that multiply the meter (night 130%); the highest that applies wins. */
export function SurchargesSection({
  surcharges,
  editable,
}: {
  surcharges: SurchargeRow[];
  editable: boolean;
}) {
  const remove = useDeleteSurcharge();
  return (
    <FinanceSection
      title="Adaosuri"
      description="Ferestre în ora României care înmulțesc taximetrul (noaptea 130%). Unde se aplică mai multe, contează cel mai mare; nu se adună."
    >
      {surcharges.length === 0 ? (
        <Text size="sm" c="dimmed">
          Niciun adaos.
        </Text>
      ) : (
        <Table withTableBorder verticalSpacing={4}>
          <Table.Tbody>
            {surcharges.map((surcharge) => (
              <Table.Tr key={surcharge.id} data-testid={`surcharge-${surcharge.id}`}>
                <Table.Td>{surcharge.name}</Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    {WEEKDAYS.map((day) => (
                      <Badge
                        key={day}
                        size="sm"
                        radius="sm"
                        variant={surcharge.days.includes(day) ? 'light' : 'outline'}
                        color={surcharge.days.includes(day) ? 'blue' : 'gray'}
                        opacity={surcharge.days.includes(day) ? 1 : 0.4}
                      >
                        {WEEKDAY_LABELS[day]}
                      </Badge>
                    ))}
                  </Group>
                </Table.Td>
                <Table.Td style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                  {surcharge.time_from}–{surcharge.time_to}
                </Table.Td>
                <Table.Td style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {surcharge.percent}%
                </Table.Td>
                {editable && (
                  <Table.Td w={40}>
                    <ActionIcon
                      size="sm"
                      variant="subtle"
                      color="red"
                      aria-label={`Șterge adaosul ${surcharge.name}`}
                      onClick={() =>
                        confirmAction('Remove?', () =>
                          remove.mutate(surcharge.id, { onError: (error) => toastApiError(error) }),
                        )
                      }
                      data-testid={`surcharge-delete-${surcharge.id}`}
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
      {editable && <SurchargeForm />}
    </FinanceSection>
  );
}
