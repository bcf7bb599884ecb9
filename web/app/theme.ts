import {
  ActionIcon,
  Button,
  createTheme,
  Menu,
  PasswordInput,
  Popover,
  Select,
  Table,
  TextInput,
  Tooltip,
} from '@mantine/core';

/**
 * Dense and calm: operators read this screen 8 hours a day, so small controls,
 * a muted blue accent, soft grey surfaces and no saturated decoration. Status colours
 * (green, orange, red) stay reserved for meaning.
 */
export const theme = createTheme({
  primaryColor: 'ogo',
  primaryShade: 7,
  colors: {
    // A desaturated steel blue: clearly interactive, never shouting.
    ogo: [
      '#eef4fb',
      '#dce6f2',
      '#b6cbe3',
      '#8dafd4',
      '#6b96c7',
      '#5587bf',
      '#487fbc',
      '#396ca6',
      '#2f6095',
      '#1f5285',
    ],
  },
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  fontFamilyMonospace: '"JetBrains Mono", ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  headings: { fontWeight: '600' },
  defaultRadius: 'sm',
  cursorType: 'pointer',
  components: {
    Button: Button.extend({ defaultProps: { size: 'sm' } }),
    ActionIcon: ActionIcon.extend({ defaultProps: { size: 'md' } }),
    TextInput: TextInput.extend({ defaultProps: { size: 'sm' } }),
    PasswordInput: PasswordInput.extend({ defaultProps: { size: 'sm' } }),
    Select: Select.extend({ defaultProps: { size: 'sm' } }),
    Menu: Menu.extend({ defaultProps: { shadow: 'md', position: 'bottom-start' } }),
    Popover: Popover.extend({ defaultProps: { shadow: 'md' } }),
    Table: Table.extend({
      defaultProps: { verticalSpacing: 6, horizontalSpacing: 'sm', fz: 'sm' },
    }),
    Tooltip: Tooltip.extend({ defaultProps: { withArrow: true } }),
  },
});
