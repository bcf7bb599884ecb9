import { mayOpenPage } from '@common/auth/page-access';
import type { CommonStatistics } from '@common/dashboard/dashboard.schema';
import { Paper, SimpleGrid, Skeleton, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { useCurrentUser } from '../auth';

interface Card {
  key: string;
  label: string;
  value: (s: CommonStatistics) => number;
  detail: (s: CommonStatistics) => string;
  to?: string;
}

/**
 * the dashboard's counts: orders today, drivers, clients, total orders, announcements,
 * incidents; the first three open their lists (/operator, /users/driver, /users/client), the
 * total none until the orders report is built (no link to a 404), the last two their panels below.
 */
const CARDS: readonly Card[] = [
  {
    key: 'orders-today',
    label: 'Comenzi azi',
    value: (s) => s.ordersTodayCount,
    detail: (s) => `${s.canceledOrdersTodayCount} anulate`,
    to: '/operator',
  },
  {
    key: 'drivers',
    label: 'Șoferi',
    value: (s) => s.driversCount,
    detail: (s) => `${s.driversOnlineCount} online · ${s.driversBusyCount} ocupați`,
    to: '/users/driver',
  },
  {
    key: 'clients',
    label: 'Clienți',
    value: (s) => s.clientsCount,
    detail: () => 'în baza de date',
    to: '/users/client',
  },
  {
    key: 'orders-total',
    label: 'Total comenzi',
    value: (s) => s.ordersTotalCount,
    detail: () => 'de la început',
    to: '/reports/orders',
  },
  {
    key: 'announcements',
    label: 'Anunțuri',
    value: (s) => s.announcesCount,
    detail: () => 'active',
  },
  {
    key: 'incidents',
    label: 'Incidente',
    value: (s) => s.incidentsCount,
    detail: () => 'deschise',
  },
];

const numberFormat = new Intl.NumberFormat('ro-RO');

function CardBody({ card, stats }: { card: Card; stats: CommonStatistics | undefined }) {
  return (
    <Paper withBorder p="sm" radius="md" h="100%" data-testid={`stat-${card.key}`}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {card.label}
      </Text>
      {stats ? (
        <>
          <Text fz={26} fw={700} lh={1.2} data-testid="stat-value">
            {numberFormat.format(card.value(stats))}
          </Text>
          <Text size="xs" c="dimmed">
            {card.detail(stats)}
          </Text>
        </>
      ) : (
        <Skeleton h={44} mt={4} />
      )}
    </Paper>
  );
}

export function StatCards({ stats }: { stats: CommonStatistics | undefined }) {
  const user = useCurrentUser();
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm">
      {CARDS.map((card) =>
        // A card opens its list only for who may open it (the menu's rule): never a 403 page.
        card.to && mayOpenPage(user, card.to) ? (
          <UnstyledButton key={card.key} component={Link} to={card.to}>
            <CardBody card={card} stats={stats} />
          </UnstyledButton>
        ) : (
          <CardBody key={card.key} card={card} stats={stats} />
        ),
      )}
    </SimpleGrid>
  );
}
