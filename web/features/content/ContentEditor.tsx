import {
  CONTENT_SECTION_LABELS,
  CONTENT_SECTIONS,
  type Content,
  ContentBodySchema,
  type ContentSection,
} from '@common/content/content.schema';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Grid,
  Group,
  NavLink,
  Paper,
  ScrollArea,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
  Typography,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { isApiError } from '../../lib/api-client';
import { toastApiError, toastSuccess } from '../../lib/toast';
import { useUnsavedChangesWarning } from '../../lib/use-unsaved-changes-warning';
import { SafeHtml } from './SafeHtml';
import { useContent, useContentList, useSaveContent } from './use-content';

type FieldErrors = Record<string, string[]>;

interface Draft {
  title: string;
  section: ContentSection;
  url: string;
  content: string;
}

const EMPTY: Draft = { title: '', section: 'page', url: '', content: '' };
const draftOf = (page: Content): Draft => ({
  title: page.title,
  section: page.section,
  url: page.url ?? '',
  content: page.content,
});

/** Where a page is public, as the visitor types it. */
export const publicPath = (section: ContentSection, url: string | null) =>
  url ? (section === 'page' ? `/page/${url}` : `/documentation/${url}`) : null;

/**
 * /content for the platform admin: the pages of the content store, each edited as
 * HTML beside its preview. The preview is the same safe renderer the public pages use; the
 * server sanitises the HTML again before storing it.
 */
export function ContentEditor() {
  const list = useContentList();
  const [selected, setSelected] = useState<number | null>(null);
  const page = useContent(selected);
  const pages = list.data?.data ?? [];

  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 3 }}>
        <Paper withBorder p="xs" radius="md">
          <Stack gap={4}>
            <Button size="xs" variant="light" onClick={() => setSelected(null)}>
              Pagină nouă
            </Button>
            <ScrollArea.Autosize mah={560}>
              {pages.map((item) => (
                <NavLink
                  key={item.id}
                  active={item.id === selected}
                  label={item.title}
                  description={publicPath(item.section, item.url) ?? `doar după id (${item.id})`}
                  rightSection={
                    <Badge size="xs" variant="light">
                      {CONTENT_SECTION_LABELS[item.section]}
                    </Badge>
                  }
                  onClick={() => setSelected(item.id)}
                  data-testid={`content-item-${item.id}`}
                />
              ))}
            </ScrollArea.Autosize>
          </Stack>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 9 }}>
        {selected !== null && page.isPending && <Text c="dimmed">Se încarcă…</Text>}
        {selected !== null && page.isError && (
          <Alert color="red" variant="light">
            {page.error.message}
          </Alert>
        )}
        {selected === null && (
          <PageForm key="new" id={null} initial={EMPTY} onSaved={setSelected} />
        )}
        {selected !== null && page.data && (
          <PageForm
            key={selected}
            id={selected}
            initial={draftOf(page.data)}
            onSaved={setSelected}
          />
        )}
      </Grid.Col>
    </Grid>
  );
}

function PageForm({
  id,
  initial,
  onSaved,
}: {
  id: number | null;
  initial: Draft;
  onSaved: (id: number) => void;
}) {
  const [draft, setDraft] = useState<Draft>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useSaveContent();
  const dirty = JSON.stringify(draft) !== JSON.stringify(initial);
  useUnsavedChangesWarning(dirty);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((current) => ({ ...current, [key]: value }));
    if (errors[key]) setErrors(({ [key]: _dropped, ...rest }) => rest);
  };
  const path = publicPath(draft.section, draft.url.trim() || null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = ContentBodySchema.safeParse(draft);
    if (!parsed.success) {
      const found: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'form');
        found[field] = [...(found[field] ?? []), issue.message];
      }
      setErrors(found);
      return;
    }
    save.mutate(
      { id, body: draft },
      {
        onSuccess: (saved) => {
          setDraft(draftOf(saved));
          toastSuccess('Salvat cu succes!');
          onSaved(saved.id);
        },
        onError: (error) => {
          if (isApiError(error)) setErrors(error.fieldErrors);
          toastApiError(error);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Pagină de conținut">
      <Stack gap="sm">
        <Group align="flex-start" grow>
          <TextInput
            label="Titlu"
            required
            value={draft.title}
            onChange={(e) => set('title', e.currentTarget.value)}
            error={errors.title?.join(' ')}
          />
          <TextInput
            label="Adresă (url)"
            description={path ? `Publicată la ${path}` : 'Fără adresă: citită doar după id'}
            placeholder="ex. termeni"
            value={draft.url}
            onChange={(e) => set('url', e.currentTarget.value)}
            error={errors.url?.join(' ')}
          />
        </Group>
        <Stack gap={4}>
          <Text size="sm" fw={500} id="section-label">
            Secțiune
          </Text>
          <SegmentedControl
            aria-labelledby="section-label"
            w="fit-content"
            value={draft.section}
            onChange={(value) =>
              set('section', CONTENT_SECTIONS.find((s) => s === value) ?? 'page')
            }
            data={CONTENT_SECTIONS.map((value) => ({
              value,
              label: CONTENT_SECTION_LABELS[value],
            }))}
          />
        </Stack>
        <Grid gap="sm">
          <Grid.Col span={{ base: 12, lg: 6 }}>
            <Textarea
              label="Conținut (HTML)"
              description="Titluri, paragrafe, liste, tabele, legături; restul se elimină la salvare."
              autosize
              minRows={16}
              maxRows={28}
              styles={{
                input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 },
              }}
              value={draft.content}
              onChange={(e) => set('content', e.currentTarget.value)}
              error={errors.content?.join(' ')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 6 }}>
            <Text size="sm" fw={500} mb={4}>
              Previzualizare
            </Text>
            <Paper withBorder p="sm" radius="sm" mih={200}>
              <Typography>
                <SafeHtml html={draft.content} testId="content-preview" />
              </Typography>
            </Paper>
          </Grid.Col>
        </Grid>
        <Group>
          <Button type="submit" loading={save.isPending} disabled={!dirty}>
            Salvează
          </Button>
          {id !== null && path && !dirty && (
            <Anchor component={Link} to={path} size="sm">
              Vezi pagina publică
            </Anchor>
          )}
        </Group>
      </Stack>
    </form>
  );
}
