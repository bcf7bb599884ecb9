import { NOT_FOUND } from '@common/http/errors';
import { Alert, Anchor, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { confirmAction } from '../../components/confirm';
import { NoAccess } from '../../components/NoAccess';
import { isForbidden } from '../../lib/api-client';
import { apiErrorMessages, toastApiError } from '../../lib/toast';
import { useCurrentUser } from '../auth';
import { defaultCompanyIds, isAdministrator, useCompanyChoices, userPath } from '../users';
import { CarForm } from './CarForm';
import { carDraftOf, emptyCarDraft } from './car-form';
import { useCar, useDeleteCar } from './use-cars';

/** `/car/{id}` (0: a new car): the car's form, its driver's page, deletion. */
export function CarEditScreen({ id }: { id: number }) {
  const navigate = useNavigate();
  const car = useCar(id);
  const caller = useCurrentUser();
  const administers = isAdministrator(caller.roles);
  const companies = useCompanyChoices();
  const remove = useDeleteCar();
  const [only = null] = defaultCompanyIds(companies.data ?? [], caller.companies);

  if (id < 0)
    return (
      <Alert color="red" variant="light">
        {NOT_FOUND.car}
      </Alert>
    );
  // Adding cars is for administrators: said as such, not as a car that does not exist.
  if (id === 0 && !administers) return <NoAccess />;
  if (id > 0 && car.isPending) return <Loader size="sm" />;
  if (id > 0 && isForbidden(car.error)) return <NoAccess />;
  if (id > 0 && car.isError)
    return (
      <Alert color="red" variant="light">
        {apiErrorMessages(car.error).join(' ')}
      </Alert>
    );
  if (id === 0 && companies.isPending) return <Loader size="sm" />;

  const record = car.data;
  return (
    <Stack gap="sm" maw={1100}>
      <Group justify="space-between">
        <Group gap="xs">
          <Anchor component={Link} to="/cars" size="sm">
            Transport
          </Anchor>
          <Text c="dimmed">/</Text>
          <Title order={4}>{record ? `Mașina ${record.indicativ}` : 'Mașină nouă'}</Title>
        </Group>
        {record && administers && (
          <Group gap="xs">
            {record.driver_id !== null && (
              <Button
                size="xs"
                variant="default"
                component={Link}
                to={userPath(record.driver_id, 'driver')}
              >
                Șoferul: {record.driver_name}
              </Button>
            )}
            <Button
              size="xs"
              variant="light"
              color="red"
              loading={remove.isPending}
              onClick={() =>
                confirmAction(`Ștergeți mașina ${record.indicativ}?`, () =>
                  remove.mutate(record.id, {
                    onSuccess: () => void navigate('/cars'),
                    onError: (error) => toastApiError(error),
                  }),
                )
              }
              data-testid="car-delete"
            >
              Șterge
            </Button>
          </Group>
        )}
      </Group>
      <Paper withBorder p="md">
        <CarForm
          key={record ? `${record.id}-${record.updated_at}` : 'new'}
          id={id}
          readOnly={!administers}
          initial={record ? carDraftOf(record) : emptyCarDraft(only)}
          onSaved={(saved) => {
            if (id === 0) void navigate(`/car/${saved.id}`, { replace: true });
          }}
        />
      </Paper>
    </Stack>
  );
}
