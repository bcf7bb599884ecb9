import { can } from '@common/auth/page-access';
import { Alert, Anchor, Badge, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { NoAccess } from '../../components/NoAccess';
import { isForbidden } from '../../lib/api-client';
import { apiErrorMessages } from '../../lib/toast';
import { useCurrentUser } from '../auth';
import { ActingCompanySelect, useActingCompanyId, withCompany } from '../finances';
import { DiscountForm } from './DiscountForm';
import { discountDraftOf, emptyDiscountDraft } from './discount-form';
import { usesText } from './discount-format';
import { useDiscount } from './use-discounts';

/** `/discount/{id}` (0: a new condition): its form, read-only for whoever is no administrator. */
export function DiscountEditScreen({ id }: { id: number }) {
  const navigate = useNavigate();
  const administers = can(useCurrentUser(), 'administers');
  const companyId = useActingCompanyId();
  const condition = useDiscount(id);

  if (id < 0)
    return (
      <Alert color="red" variant="light">
        Reducerea nu a fost găsită.
      </Alert>
    );
  if (id === 0 && !administers) return <NoAccess />;
  if (id > 0 && condition.isPending) return <Loader size="sm" aria-label="Se încarcă" />;
  if (id > 0 && isForbidden(condition.error)) return <NoAccess />;
  if (id > 0 && condition.isError)
    return (
      <Alert color="red" variant="light">
        {apiErrorMessages(condition.error).join(' ')}
      </Alert>
    );

  const record = condition.data;
  return (
    <Stack gap="sm" maw={1100} data-testid="discount-page" data-editable={String(administers)}>
      <Group justify="space-between">
        <Group gap="xs">
          <Anchor component={Link} to={withCompany('/discounts', companyId)} size="sm">
            Reduceri
          </Anchor>
          <Text c="dimmed">/</Text>
          <Title order={4}>{record ? record.name : 'Reducere nouă'}</Title>
          {record && (
            <Badge size="sm" variant="light" color={record.disabled ? 'gray' : 'green'}>
              {record.disabled ? 'Dezactivată' : 'Activă'}
            </Badge>
          )}
        </Group>
        {record ? (
          <Text size="xs" c="dimmed" data-testid="discount-uses">
            Folosită: {usesText(record)}
          </Text>
        ) : (
          // A new condition goes into the picked company; a saved one names its own.
          <ActingCompanySelect />
        )}
      </Group>
      {!administers && (
        <Text size="xs" c="dimmed" data-testid="discount-read-only">
          Doar administratorii firmei pot schimba reducerile.
        </Text>
      )}
      <Paper withBorder p="md">
        <DiscountForm
          // A saved answer that differs from the form starts it afresh from the server's row.
          key={record ? JSON.stringify(record) : 'new'}
          id={id}
          readOnly={!administers}
          initial={record ? discountDraftOf(record) : emptyDiscountDraft()}
          currentProtocol={
            record?.protocol_company_id
              ? {
                  id: record.protocol_company_id,
                  name: record.protocol_company_name ?? `Firma #${record.protocol_company_id}`,
                }
              : null
          }
          onSaved={(saved) => {
            if (id === 0)
              void navigate(withCompany(`/discount/${saved.id}`, companyId), { replace: true });
          }}
        />
      </Paper>
    </Stack>
  );
}
