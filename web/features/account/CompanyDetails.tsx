import type { UserCompany } from '@common/auth/auth.schema';
import { Card, Stack, Table, Text, Title } from '@mantine/core';
import { companyCenter } from '../../map/company-center';
import { COMPANY_TYPE_LABELS, PACKAGE_LABELS } from '../auth';

const formatCoordinate = (value: number) => value.toFixed(5);

/** The user's companies (Logged user companies[]), with the map centre each one uses. */
export function CompanyDetails({ companies }: { companies: readonly UserCompany[] }) {
  if (companies.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Contul nu aparține niciunei companii.
      </Text>
    );
  }
  return (
    <Stack gap="md">
      {companies.map((company) => {
        const center = companyCenter(company);
        return (
          <Card key={company.id} withBorder padding="md" data-testid={`company-${company.id}`}>
            <Title order={3} size="h5" mb="xs">
              {company.name}
            </Title>
            <Table variant="vertical" layout="fixed">
              <Table.Tbody>
                <Table.Tr>
                  <Table.Th w={160}>Tip</Table.Th>
                  <Table.Td>{COMPANY_TYPE_LABELS[company.type]}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>Pachet</Table.Th>
                  <Table.Td>{PACKAGE_LABELS[company.package_id]}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>Centrul hărții</Table.Th>
                  <Table.Td data-testid="company-center">
                    {formatCoordinate(center.lat)}, {formatCoordinate(center.lng)}
                    {center.isFallback && (
                      <Text span size="xs" c="dimmed" ml="xs">
                        (compania nu are coordonate; se folosește centrul implicit)
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
          </Card>
        );
      })}
    </Stack>
  );
}
