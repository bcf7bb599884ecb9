import type { User } from '@common/users/users.schema';
import { Anchor, Button, Group, Modal, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { toastApiError } from '../../lib/toast';
import { CarForm } from './CarForm';
import { emptyCarDraft } from './car-form';
import { useAssignCar, useCarList } from './use-cars';

/**
 * A driver's car and call sign (default_car): pick one of his company's cars
 * (the server frees his previous one and takes the car from its former driver in the same
 * transaction), release it, or add a new car for him.
 */
export function DriverCarCard({ user }: { user: User }) {
  const [picked, setPicked] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const assign = useAssignCar();
  const companyId = user.company_ids[0] ?? null;
  const cars = useCarList(
    {
      company_id: user.company_ids.length === 1 ? (companyId ?? undefined) : undefined,
      per_page: 100,
    },
    user.company_ids.length > 0,
  );
  const car = user.default_car;
  const choices = (cars.data?.data ?? [])
    .filter((c) => c.id !== car?.id && user.company_ids.includes(c.company_id))
    .map((c) => ({
      value: String(c.id),
      label: `${c.indicativ} · ${c.make} ${c.model} · ${c.number}${c.driver_name ? ` (${c.driver_name})` : ''}`,
    }));

  return (
    <Paper withBorder p="md" data-testid="driver-car-card">
      <Stack gap="xs">
        <Title order={5}>Mașina și indicativul</Title>
        {car ? (
          <Group justify="space-between">
            <Text size="sm" data-testid="driver-car">
              <Text span fw={700}>
                {car.indicativ}
              </Text>{' '}
              · {car.make} {car.model} · {car.color} ·{' '}
              <Anchor component={Link} to={`/car/${car.id}`} size="sm">
                {car.number}
              </Anchor>
            </Text>
            <Button
              size="compact-xs"
              variant="default"
              loading={assign.isPending}
              onClick={() =>
                assign.mutate(
                  { carId: car.id, driverId: null },
                  { onError: (error) => toastApiError(error) },
                )
              }
              data-testid="driver-car-release"
            >
              Eliberează mașina
            </Button>
          </Group>
        ) : (
          <Text size="sm" c="dimmed" data-testid="driver-car">
            Fără mașină.
          </Text>
        )}
        <Group gap="xs" align="flex-end">
          <Select
            size="xs"
            w={380}
            label="Atribuie o mașină a companiei"
            placeholder={choices.length ? 'Alegeți mașina' : 'Nicio altă mașină'}
            searchable
            clearable
            data={choices}
            value={picked}
            onChange={setPicked}
            data-testid="driver-car-pick"
          />
          <Button
            size="xs"
            variant="default"
            disabled={picked === null}
            loading={assign.isPending}
            onClick={() =>
              picked !== null &&
              assign.mutate(
                { carId: Number(picked), driverId: user.id },
                { onSuccess: () => setPicked(null), onError: (error) => toastApiError(error) },
              )
            }
            data-testid="driver-car-assign"
          >
            Atribuie
          </Button>
          <Button
            size="xs"
            variant="light"
            disabled={companyId === null}
            onClick={() => setCreating(true)}
            data-testid="driver-car-new"
          >
            Mașină nouă
          </Button>
        </Group>
      </Stack>
      <Modal
        opened={creating}
        onClose={() => setCreating(false)}
        title={`Mașină nouă pentru ${user.name}`}
        size="xl"
      >
        <CarForm
          id={0}
          fixedDriver
          initial={emptyCarDraft(companyId, user.id)}
          onSaved={() => setCreating(false)}
          onCancel={() => setCreating(false)}
        />
      </Modal>
    </Paper>
  );
}
