import { mayOpenPage } from '@common/auth/page-access';
import { formatRon } from '@common/lib/money';
import type { User } from '@common/users/users.schema';
import {
  Anchor,
  Box,
  Button,
  CloseButton,
  Divider,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { Icon } from '../../components/Icon';
import { LabelValue, type LabelValueProps } from '../../components/LabelValue';
import { MessageButton } from '../../components/MessageButton';
import { useNow } from '../../lib/use-now';
import { useCurrentUser } from '../auth';
import { BanControl } from './BanControl';
import { banUntilText, isBanned } from './ban-options';
import { DriverOrders } from './DriverOrders';
import { useDriver } from './use-driver';

interface DriverCardProps {
  driverId: number;
  onClose: () => void;
  /** Opens an order of his (the console's side panel); without it the rows only inform. */
  onOpenOrder?: (id: number) => void;
}

const yesNo = (value: boolean) => (value ? 'da' : 'nu');

const Fact = (props: Omit<LabelValueProps, 'size' | 'valueWeight'>) => (
  <LabelValue size="xs" valueWeight={500} {...props} />
);

/**
 * driver card, opened by a click on a driver: blocked yes/no with the reason and until
 * when, online, busy, priority, car model, colour, number, balance in RON (with a link to its
 * history in the finances), identifier, name,
 * active orders and history; edit (new tab), ban control and 'Apel' (a tel: link until the
 * softphone dials) and 'Mesaj' (his conversation in the header's chat). Live: his state pushes
 * update it.
 */
export function DriverCard({ driverId, onClose, onOpenOrder }: DriverCardProps) {
  const { data: driver, isPending, isError } = useDriver(driverId);
  return (
    <Paper
      shadow="md"
      withBorder
      radius="sm"
      p="sm"
      data-testid="driver-card"
      data-driver-id={driverId}
      style={{ display: 'flex', flexDirection: 'column', maxHeight: '100%', minHeight: 0 }}
    >
      {isPending ? (
        <Group justify="space-between">
          <Loader size="sm" aria-label="Se încarcă" />
          <CloseButton size="sm" onClick={onClose} aria-label="Închide fișa" />
        </Group>
      ) : isError ? (
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm" c="red.7">
            Șoferul nu a putut fi încărcat.
          </Text>
          <CloseButton size="sm" onClick={onClose} aria-label="Închide fișa" />
        </Group>
      ) : (
        <DriverCardBody driver={driver} onClose={onClose} onOpenOrder={onOpenOrder} />
      )}
    </Paper>
  );
}

function DriverCardBody({
  driver,
  onClose,
  onOpenOrder,
}: {
  driver: User;
  onClose: () => void;
  onOpenOrder?: (id: number) => void;
}) {
  // A ban runs out by itself: re-read the clock each minute while the card is open.
  const now = useNow(60_000);
  const mayOpenHistory = mayOpenPage(useCurrentUser(), '/finances/history');
  const banned = isBanned(driver.ban_until, now);
  const car = driver.default_car;
  const indicativ = car?.indicativ ?? driver.identifier ?? String(driver.id);
  return (
    <>
      <Group justify="space-between" wrap="nowrap" gap="xs" mb={6}>
        <Group gap={8} wrap="nowrap" style={{ minWidth: 0 }}>
          <Text fw={700} size="lg" data-testid="driver-card-indicativ">
            {indicativ}
          </Text>
          <Text size="sm" fw={500} truncate>
            {driver.name}
          </Text>
        </Group>
        <CloseButton size="sm" onClick={onClose} aria-label="Închide fișa" />
      </Group>
      <Box
        style={{ minHeight: 0, flex: '1 1 auto', overflowY: 'auto', overscrollBehavior: 'contain' }}
      >
        <Stack gap="xs">
          <Stack gap={2}>
            <Group justify="space-between" wrap="nowrap" gap={6}>
              <Fact label="Blocat" testId="driver-card-blocked">
                {yesNo(banned)}
                {banned && driver.ban_until && ` · ${banUntilText(driver.ban_until)}`}
              </Fact>
              <BanControl driverId={driver.id} indicativ={indicativ} banned={banned} />
            </Group>
            {banned && driver.ban_reason && (
              <Fact label="Motiv" testId="driver-card-ban-reason">
                {driver.ban_reason}
              </Fact>
            )}
          </Stack>
          <SimpleGrid cols={2} spacing="xs" verticalSpacing={2}>
            <Fact label="Online" testId="driver-card-online">
              {yesNo(driver.is_online)}
              {driver.is_online && driver.is_paused && ' (pauză)'}
            </Fact>
            <Fact label="Ocupat" testId="driver-card-busy">
              {yesNo(driver.is_busy)}
            </Fact>
            <Fact label="Prioritate" testId="driver-card-priority">
              {yesNo(driver.high_priority)}
            </Fact>
            <Group gap={6} wrap="nowrap">
              <Fact label="Sold" testId="driver-card-balance">
                {formatRon(driver.balance)}
              </Fact>
              {mayOpenHistory && (
                // A new tab, as 'Editează': the map stays as it is.
                <Anchor
                  href={`/finances/history?driver_id=${driver.id}`}
                  target="_blank"
                  rel="noopener"
                  size="xs"
                  data-testid="driver-card-balance-history"
                >
                  Istoric
                </Anchor>
              )}
            </Group>
            <Fact label="Model" testId="driver-card-model">
              {car ? [car.make, car.model].filter(Boolean).join(' ') || '—' : '—'}
            </Fact>
            <Fact label="Culoare" testId="driver-card-color">
              {car?.color || '—'}
            </Fact>
            <Fact label="Număr" testId="driver-card-number">
              {car?.number || '—'}
            </Fact>
            <Fact label="Identificator" testId="driver-card-identifier">
              {driver.identifier ?? '—'}
            </Fact>
          </SimpleGrid>
          <Fact label="Nume" testId="driver-card-name">
            {driver.name}
          </Fact>
          <Divider />
          <DriverOrders driverId={driver.id} kind="active" onOpenOrder={onOpenOrder} />
          <DriverOrders driverId={driver.id} kind="history" onOpenOrder={onOpenOrder} />
        </Stack>
      </Box>
      <Divider my={6} />
      <Group gap={6} wrap="nowrap">
        {/* Edit in a new tab: the map stays as it is. */}
        <Button
          component="a"
          href={`/user/${driver.id}/driver`}
          target="_blank"
          rel="noopener"
          size="compact-xs"
          variant="default"
          rightSection={<Icon name="external" size={12} />}
          data-testid="driver-card-edit"
        >
          Editează
        </Button>
        {driver.phone && (
          <Button
            component="a"
            href={`tel:${driver.phone}`}
            size="compact-xs"
            variant="default"
            leftSection={<Icon name="phone" size={12} />}
            data-testid="driver-card-call"
          >
            Apel
          </Button>
        )}
        <MessageButton
          target={{ userId: driver.id, name: driver.name, callSign: indicativ }}
          testId={`driver-message-${driver.id}`}
        />
      </Group>
    </>
  );
}
