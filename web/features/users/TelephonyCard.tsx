import { type TelephonySettings, TelephonySettingsBodySchema } from '@common/calls/calls.schema';
import {
  Alert,
  Button,
  Group,
  Loader,
  Paper,
  PasswordInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import {
  type FieldErrors,
  firstError,
  isApiError,
  serverFieldErrors,
  zodFieldErrors,
} from '../../lib/form/field-errors';
import { apiErrorMessages } from '../../lib/toast';
import { useSaveTelephony, useTelephony } from './use-users';

type Mode = 'extension' | 'external';

/**
 * An operator's softphone settings (docs/CALLS.md Credentials) over the existing
 * GET|PATCH /api/users/{id}/telephony: an extension on the project's PBX, or the address,
 * WebSocket and password of another PBX. The password is never shown, only whether one is set.
 */
function TelephonyForm({ userId, settings }: { userId: number; settings: TelephonySettings }) {
  const [mode, setMode] = useState<Mode>(settings.sip_url ? 'external' : 'extension');
  const [extension, setExtension] = useState(settings.sip_extension ?? '');
  const [url, setUrl] = useState(settings.sip_url ?? '');
  const [websocket, setWebsocket] = useState(settings.sip_websocket ?? '');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useSaveTelephony(userId);

  const submit = () => {
    const body =
      mode === 'extension'
        ? {
            sip_extension: extension.trim() || null,
            sip_url: null,
            sip_websocket: null,
            sip_password: null,
          }
        : {
            sip_extension: null,
            sip_url: url.trim() || null,
            sip_websocket: websocket.trim() || null,
            // Empty: the stored password stays.
            ...(password ? { sip_password: password } : {}),
          };
    const parsed = TelephonySettingsBodySchema.safeParse(body);
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error));
      return;
    }
    save.mutate(parsed.data, {
      onSuccess: () => {
        setPassword('');
        setErrors({});
      },
      onError: (error) => setErrors(serverFieldErrors(error)),
    });
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      noValidate
    >
      <Stack gap="xs">
        <SegmentedControl
          size="xs"
          style={{ alignSelf: 'flex-start' }}
          value={mode}
          onChange={(value) => setMode(value as Mode)}
          data={[
            { value: 'extension', label: 'Extensie pe centrala OGO' },
            { value: 'external', label: 'Altă centrală' },
          ]}
          data-testid="telephony-mode"
        />
        {mode === 'extension' ? (
          <TextInput
            label="Extensia"
            description={settings.address ? `Adresa: ${settings.address}` : '2–6 cifre'}
            w={260}
            value={extension}
            error={firstError(errors, 'sip_extension')}
            onChange={(event) => setExtension(event.currentTarget.value)}
            data-testid="telephony-extension"
          />
        ) : (
          <SimpleGrid cols={3} spacing="sm">
            <TextInput
              label="Adresa SIP"
              placeholder="sip:101@pbx.exemplu.ro"
              value={url}
              error={firstError(errors, 'sip_url')}
              onChange={(event) => setUrl(event.currentTarget.value)}
              data-testid="telephony-url"
            />
            <TextInput
              label="WebSocket"
              placeholder="wss://pbx.exemplu.ro:8089/ws"
              value={websocket}
              error={firstError(errors, 'sip_websocket')}
              onChange={(event) => setWebsocket(event.currentTarget.value)}
              data-testid="telephony-websocket"
            />
            <PasswordInput
              label="Parola SIP"
              placeholder={settings.has_password ? 'Setată (neschimbată)' : ''}
              autoComplete="new-password"
              value={password}
              error={firstError(errors, 'sip_password')}
              onChange={(event) => setPassword(event.currentTarget.value)}
              data-testid="telephony-password"
            />
          </SimpleGrid>
        )}
        {save.isError && !isApiError(save.error, 422) && (
          <Alert color="red" variant="light">
            {apiErrorMessages(save.error).join(' ')}
          </Alert>
        )}
        <Group>
          <Button
            type="submit"
            variant="default"
            loading={save.isPending}
            data-testid="telephony-save"
          >
            Salvează telefonia
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function TelephonyCard({ userId }: { userId: number }) {
  const settings = useTelephony(userId, true);
  return (
    <Paper withBorder p="md" data-testid="telephony-card">
      <Stack gap="xs">
        <Title order={5}>Telefonie</Title>
        {settings.isPending && <Loader size="xs" />}
        {settings.isError && (
          <Text size="sm" c="dimmed">
            {apiErrorMessages(settings.error).join(' ')}
          </Text>
        )}
        {settings.data && <TelephonyForm userId={userId} settings={settings.data} />}
      </Stack>
    </Paper>
  );
}
