import { Badge, Button, Group, Menu } from '@mantine/core';
import { useState } from 'react';
import { Icon } from '../../components/Icon';
import { BanReasonModal } from './BanReasonModal';
import { BAN_OPTIONS, type BanOption } from './ban-options';
import { useBanDriver } from './use-driver';

interface BanControlProps {
  driverId: number;
  indicativ: string;
  banned: boolean;
}

/**
 * Ban control (lock icon): active or banned; 3h, 12h, 24h, 48h, 4 days or permanent,
 * each with a required reason; unban clears it.
 */
export function BanControl({ driverId, indicativ, banned }: BanControlProps) {
  const [option, setOption] = useState<BanOption | null>(null);
  const unban = useBanDriver(driverId);
  return (
    <Group gap={6} wrap="nowrap" style={{ flex: '0 0 auto' }}>
      <Badge
        color={banned ? 'red' : 'green'}
        variant="light"
        size="sm"
        data-testid="driver-card-ban-state"
      >
        {banned ? 'Blocat' : 'Activ'}
      </Badge>
      {banned ? (
        <Button
          size="compact-xs"
          variant="default"
          leftSection={<Icon name="lockOpen" size={14} />}
          loading={unban.isPending}
          onClick={() => unban.mutate({})}
          data-testid="driver-card-unban"
        >
          Deblochează
        </Button>
      ) : (
        <Menu position="bottom-end" withinPortal shadow="sm">
          <Menu.Target>
            <Button
              size="compact-xs"
              variant="default"
              color="red"
              leftSection={<Icon name="lock" size={14} />}
              data-testid="driver-card-ban"
            >
              Blochează
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Label>Blochează pentru</Menu.Label>
            {BAN_OPTIONS.map((item) => (
              <Menu.Item
                key={item.key}
                onClick={() => setOption(item)}
                data-testid={`driver-ban-${item.key}`}
              >
                {item.label}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      )}
      <BanReasonModal
        driverId={driverId}
        indicativ={indicativ}
        option={option}
        onClose={() => setOption(null)}
      />
    </Group>
  );
}
