import { ActionIcon, Button, Group, Popover, Select, Stack, Text, Tooltip } from '@mantine/core';
import { Icon } from '../../components/Icon';
import { playSound, SOUNDS } from '../../lib/sounds';
import { ANSWER_KEYS, useAnswerKey, useRingSound } from './use-call-options';

const soundOptions = SOUNDS.map((sound) => ({ value: sound.id, label: sound.label }));
const answerKeyOptions = ANSWER_KEYS.map((key) => ({ value: key.value, label: key.label }));

/** Call options: answer key and ring sound, with a test button. */
export function CallOptionsPopover() {
  const [answerKey, setAnswerKey] = useAnswerKey();
  const [ringSound, setRingSound] = useRingSound();

  return (
    <Popover position="bottom-end" width={260} shadow="md" withArrow trapFocus>
      <Popover.Target>
        <Tooltip label="Opțiuni apel" openDelay={400}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label="Opțiuni apel"
            data-testid="call-options"
          >
            <Icon name="phone" />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="sm">
          <Text fw={600} size="sm">
            Opțiuni apel
          </Text>
          <Select
            label="Tasta de răspuns"
            data={answerKeyOptions}
            value={answerKey}
            allowDeselect={false}
            comboboxProps={{ withinPortal: false }}
            onChange={(value) => {
              const key = ANSWER_KEYS.find((k) => k.value === value);
              if (key) setAnswerKey(key.value);
            }}
          />
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <Select
              label="Sunet de apel"
              data={soundOptions}
              value={ringSound}
              allowDeselect={false}
              comboboxProps={{ withinPortal: false }}
              style={{ flex: 1 }}
              onChange={(value) => {
                const sound = SOUNDS.find((s) => s.id === value);
                if (sound) setRingSound(sound.id);
              }}
            />
            <Button
              variant="default"
              onClick={() => playSound(ringSound)}
              disabled={ringSound === 'none'}
            >
              Test
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
