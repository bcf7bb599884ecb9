import { checkCui, createCompany } from '@common/companies/signup.api';
import { REGISTRY_UNAVAILABLE, SIGNUP_PACKAGES } from '@common/companies/signup.schema';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  PasswordInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormEvent, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { homePath } from '../../app/home-path';
import { api, apiWith, isApiError } from '../../lib/api-client';
import { newIdempotencyKey } from '../../lib/idempotency';
import { session } from '../../lib/session';
import { toastApiError, toastSuccess } from '../../lib/toast';
import {
  cuiForLookup,
  draftFromLookup,
  emptySignupDraft,
  type FieldErrors,
  type SignupDraft,
  signupBody,
  validateSignup,
} from './signup-form';

type Lookup =
  | { kind: 'idle' }
  | { kind: 'searching' }
  | { kind: 'found'; vat: boolean }
  | { kind: 'unknown' }
  | { kind: 'unavailable' };

/**
 * SPEC §2 '/' and /business/enroll, §5 Sign-up (issue #20): the company looked up by its CUI in
 * the ANAF registry (the fields stay typeable: the registry may be away), the package, the
 * contact person who becomes the company's administrator, the required consent; then
 * POST /api/company, and the browser is logged in. Failures are shown (SPEC §8 only logged them).
 */
export function SignupForm() {
  const navigate = useNavigate();
  const [draft, setDraft] = useState<SignupDraft>(emptySignupDraft);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [lookup, setLookup] = useState<Lookup>({ kind: 'idle' });
  const [isSubmitting, setSubmitting] = useState(false);
  // One key per submitted body: a retry of the same form (a lost answer) replays the sign-up.
  const key = useRef<{ body: string; key: string } | null>(null);

  const set = <K extends keyof SignupDraft>(field: K, value: SignupDraft[K]) => {
    setDraft((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors(({ [field]: _dropped, ...rest }) => rest);
  };

  const search = async () => {
    const asked = cuiForLookup(draft.cui);
    if ('error' in asked) {
      setErrors((current) => ({ ...current, cui: [asked.error] }));
      return;
    }
    setLookup({ kind: 'searching' });
    try {
      const { found } = await api(checkCui, { query: { cui: asked.cui } });
      const company = found[0];
      if (!company) {
        setLookup({ kind: 'unknown' });
        return;
      }
      setDraft((current) => draftFromLookup(current, company));
      setErrors(({ cui: _cui, name: _name, address: _address, ...rest }) => rest);
      setLookup({ kind: 'found', vat: company.scpTVA });
    } catch (error) {
      if (isApiError(error) && error.status === 422) {
        setErrors((current) => ({ ...current, ...error.fieldErrors }));
        setLookup({ kind: 'idle' });
      } else setLookup({ kind: 'unavailable' });
    }
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateSignup(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const body = signupBody(draft);
    const serialised = JSON.stringify(body);
    if (key.current?.body !== serialised)
      key.current = { body: serialised, key: newIdempotencyKey() };
    setSubmitting(true);
    try {
      const answer = await apiWith(
        createCompany,
        { headers: { 'Idempotency-Key': key.current.key } },
        { body },
      );
      session.setToken(answer.token);
      session.setUser(answer.user);
      toastSuccess('Firma a fost înscrisă. Bine ați venit!');
      void navigate(homePath(answer.user), { replace: true });
    } catch (error) {
      if (isApiError(error)) setErrors(error.fieldErrors);
      toastApiError(error);
      setSubmitting(false);
    }
  };

  const first = (field: string) => errors[field]?.join(' ');

  return (
    <Paper
      withBorder
      p="lg"
      radius="md"
      id="inscriere"
      component="section"
      aria-labelledby="enroll-title"
    >
      <form onSubmit={submit} noValidate aria-label="Înscriere firmă">
        <Stack gap="md">
          <Group gap="xs">
            <Title order={2} size="h3" id="enroll-title">
              Înscriere firmă
            </Title>
            <Badge variant="light" color="teal">
              14 zile de probă
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            Dispecerate taxi, firme de curierat și restaurante. Introduceți CUI-ul și apăsați
            „Caută”: denumirea și adresa se preiau din registrul ANAF.
          </Text>

          <Title order={3} size="h5">
            Firma
          </Title>
          <Group align="flex-start" gap="xs" wrap="nowrap">
            <TextInput
              label="CUI"
              description="Cu sau fără prefixul RO"
              name="cui"
              required
              style={{ flex: 1 }}
              value={draft.cui}
              onChange={(e) => set('cui', e.currentTarget.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  void search();
                }
              }}
              error={first('cui')}
            />
            <Button
              variant="light"
              mt={44}
              onClick={() => void search()}
              loading={lookup.kind === 'searching'}
            >
              Caută
            </Button>
          </Group>
          {lookup.kind === 'found' && (
            <Text size="sm" c="teal" data-testid="cui-found">
              Găsită în registrul ANAF · {lookup.vat ? 'plătitoare de TVA' : 'neplătitoare de TVA'}
            </Text>
          )}
          {lookup.kind === 'unknown' && (
            <Alert color="yellow" variant="light" p="xs" data-testid="cui-unknown">
              CUI-ul nu figurează în registrul ANAF. Verificați-l sau completați datele de mână.
            </Alert>
          )}
          {lookup.kind === 'unavailable' && (
            <Alert
              color="orange"
              variant="light"
              p="xs"
              role="status"
              data-testid="cui-unavailable"
            >
              {REGISTRY_UNAVAILABLE}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label="Denumire"
              name="name"
              required
              value={draft.name}
              onChange={(e) => set('name', e.currentTarget.value)}
              error={first('name')}
            />
            <TextInput
              label="Telefon firmă"
              name="phone"
              type="tel"
              required
              value={draft.phone}
              onChange={(e) => set('phone', e.currentTarget.value)}
              error={first('phone')}
            />
          </SimpleGrid>
          <TextInput
            label="Adresa sediului"
            name="address"
            value={draft.address}
            onChange={(e) => set('address', e.currentTarget.value)}
            error={first('address')}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="package-label">
              Pachet
            </Text>
            <SegmentedControl
              aria-labelledby="package-label"
              value={String(draft.package_id)}
              onChange={(value) =>
                set('package_id', SIGNUP_PACKAGES.find((p) => String(p.id) === value)?.id ?? 1)
              }
              data={SIGNUP_PACKAGES.map((p) => ({ value: String(p.id), label: p.label }))}
            />
            {first('package_id') && (
              <Text size="xs" c="red">
                {first('package_id')}
              </Text>
            )}
          </Stack>

          <Title order={3} size="h5">
            Administratorul contului
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <TextInput
              label="Nume și prenume"
              name="user_name"
              autoComplete="name"
              required
              value={draft.user_name}
              onChange={(e) => set('user_name', e.currentTarget.value)}
              error={first('user_name')}
            />
            <TextInput
              label="Adresa de e-mail"
              name="user_email"
              type="email"
              autoComplete="email"
              required
              value={draft.user_email}
              onChange={(e) => set('user_email', e.currentTarget.value)}
              error={first('user_email')}
            />
            <PasswordInput
              label="Parola contului"
              name="user_password"
              description="Cel puțin 8 caractere"
              autoComplete="new-password"
              required
              value={draft.user_password}
              onChange={(e) => set('user_password', e.currentTarget.value)}
              error={first('user_password')}
            />
          </SimpleGrid>
          <Checkbox
            name="consent"
            checked={draft.consent}
            onChange={(e) => set('consent', e.currentTarget.checked)}
            error={first('consent')}
            label={
              <>
                Sunt de acord cu{' '}
                <Anchor component={Link} to="/page/termeni" target="_blank">
                  termenii de utilizare
                </Anchor>{' '}
                și cu{' '}
                <Anchor component={Link} to="/driver/privacy" target="_blank">
                  politica de confidențialitate
                </Anchor>
                .
              </>
            }
          />
          {errors['Idempotency-Key'] && (
            <Alert color="red" variant="light" p="xs" role="alert">
              {first('Idempotency-Key')}
            </Alert>
          )}
          <Group>
            <Button type="submit" loading={isSubmitting}>
              Înscrie firma
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
