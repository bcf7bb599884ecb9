import { Anchor, Badge, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { ENROLL_CONTACT_EMAIL } from './labels';

/**
 * SPEC §1/§2 business sign-up: a company signs up for a trial with its registration number.
 * The online form (CUI lookup, consent) arrives with the sign-up issue; until then this says
 * plainly what is needed and where to send it.
 */
export function EnrollInfo() {
  const mailto = `mailto:${ENROLL_CONTACT_EMAIL}?subject=${encodeURIComponent('Înscriere firmă OGO Dispatch')}`;
  return (
    <Paper
      withBorder
      p="lg"
      radius="md"
      id="inscriere"
      component="section"
      aria-labelledby="enroll-title"
    >
      <Stack gap="sm">
        <Group gap="xs">
          <Title order={2} size="h3" id="enroll-title">
            Înscriere firmă
          </Title>
          <Badge variant="light" color="teal">
            Perioadă de probă
          </Badge>
        </Group>
        <Text size="sm">
          Firmele de dispecerat taxi, curierat și restaurantele pot încerca OGO Dispatch într-o
          perioadă de probă. Pentru înscriere sunt necesare:
        </Text>
        <List size="sm" spacing={4}>
          <List.Item>
            <b>codul unic de înregistrare (CUI)</b> al firmei — cu sau fără prefixul „RO”; denumirea
            și adresa se preiau din registrul public după CUI;
          </List.Item>
          <List.Item>
            <b>o adresă de e-mail de contact</b>, pe care primiți contul de administrator.
          </List.Item>
        </List>
        <Text size="sm">
          Formularul de înscriere online nu este încă disponibil. Până atunci, trimiteți CUI-ul și
          adresa de e-mail la{' '}
          <Anchor href={mailto} data-testid="enroll-contact">
            {ENROLL_CONTACT_EMAIL}
          </Anchor>
          .
        </Text>
      </Stack>
    </Paper>
  );
}
