import { Button } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { Icon } from '../../../components/Icon';

/** The quick screen's route (/operator/v2). */
export const QUICK_SCREEN_PATH = '/operator/v2';

/**
 * Between the two operator screens: /operator offers the quick screen, the quick
 * screen offers the way back (/operator/v2 was reachable only by typing its address).
 * A light button with an icon, like the top bar's other buttons (as grey subtle
 * text it read as a label, not as something to click).
 */
export function ScreenSwitchLink() {
  const onQuick = useLocation().pathname.startsWith(QUICK_SCREEN_PATH);
  return (
    <Button
      component={Link}
      to={onQuick ? '/operator' : QUICK_SCREEN_PATH}
      variant="light"
      size="xs"
      leftSection={<Icon name={onQuick ? 'arrowLeft' : 'bolt'} size={14} />}
      data-testid="switch-operator-screen"
    >
      {onQuick ? 'Ecran complet' : 'Ecran rapid'}
    </Button>
  );
}
