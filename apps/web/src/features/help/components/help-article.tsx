import { useEffect, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { Anchor, Box, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconHash } from '@tabler/icons-react';

export interface HelpSection {
  /** Anchor of the section: `/ayuda/tareas#comentarios`. */
  id: string;
  title: string;
  content: ReactNode;
}

/** Leaves room for the fixed top bar when the browser jumps to an anchor. */
const SCROLL_MARGIN = 80;

/**
 * Frame of a help guide: back link to the index, title, an index of its
 * anchor sections, and the sections. Guides load lazily, so the browser's own
 * jump to `#section` on page load happens before the section exists: this
 * repeats it once the guide is rendered.
 */
export function HelpArticle({ title, intro, sections }: { title: string; intro: ReactNode; sections: HelpSection[] }) {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);

  return (
    <Stack gap="md" maw={860} component="article">
      <Anchor component={Link} to="/ayuda" size="sm" w="fit-content">
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden />
          Volver a la ayuda
        </Group>
      </Anchor>
      <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
        {title}
      </Title>
      <Text>{intro}</Text>
      <Paper withBorder p="md" radius="md" component="nav" aria-label="En esta página">
        <Text fw={600} size="sm" mb="xs">
          En esta página
        </Text>
        <List size="sm" spacing={4}>
          {sections.map((s) => (
            <List.Item key={s.id}>
              <Anchor href={`#${s.id}`}>{s.title}</Anchor>
            </List.Item>
          ))}
        </List>
      </Paper>
      {sections.map((s) => (
        <Box
          key={s.id}
          component="section"
          id={s.id}
          aria-labelledby={`${s.id}-titulo`}
          style={{ scrollMarginTop: SCROLL_MARGIN }}
        >
          <Group gap={6} wrap="nowrap" align="center" mb="xs">
            <Title order={2} fz="h4" id={`${s.id}-titulo`}>
              {s.title}
            </Title>
            <Anchor href={`#${s.id}`} c="dimmed" aria-label={`Enlace a la sección ${s.title}`}>
              <IconHash size={16} aria-hidden />
            </Anchor>
          </Group>
          <Stack gap="xs" fz="sm">
            {s.content}
          </Stack>
        </Box>
      ))}
    </Stack>
  );
}

/** A term and its explanation, for lists of fields, columns or controls. */
export function Terms({ items }: { items: readonly (readonly [string, ReactNode])[] }) {
  return (
    <List size="sm" spacing={4}>
      {items.map(([term, text]) => (
        <List.Item key={term}>
          <Text span fw={600} size="sm">
            {term}
          </Text>
          {': '}
          {text}
        </List.Item>
      ))}
    </List>
  );
}

/** A paragraph of a guide. */
export function P({ children }: { children: ReactNode }) {
  return <Text size="sm">{children}</Text>;
}
