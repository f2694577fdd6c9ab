/**
 * The terminal's start screen (issue 34): the area's people as large tiles, initials or photo and
 * name, with a search once the list is long. Tapping a tile asks for that person's PIN.
 */
import { useMemo, useState } from 'react';
import { Avatar, Badge, SimpleGrid, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { foldForSearch } from '../../../lib/text';
import classes from './terminal.module.css';

export interface TilePerson {
  uuid: string;
  nombre: string;
  apellido: string;
  foto?: string | null;
  bloqueado?: boolean;
  /** No PIN set yet (they set it in «Mi perfil»). */
  sinPin?: boolean;
}

/** From this many people on, the search field shows. */
export const SEARCH_FROM = 9;

export function initialsOf(person: Pick<TilePerson, 'nombre' | 'apellido'>): string {
  return `${person.nombre.trim().charAt(0)}${person.apellido.trim().charAt(0)}`.toLocaleUpperCase('es');
}

export function PersonTiles({ people, onPick }: { people: readonly TilePerson[]; onPick(person: TilePerson): void }) {
  const [search, setSearch] = useState('');
  const shown = useMemo(() => {
    const term = foldForSearch(search.trim());
    if (!term) return people;
    return people.filter((p) => foldForSearch(`${p.nombre} ${p.apellido}`).includes(term));
  }, [people, search]);

  return (
    <Stack gap="lg">
      {people.length >= SEARCH_FROM && (
        <TextInput
          size="xl"
          label="Buscar persona"
          placeholder="Escriba su nombre"
          leftSection={<IconSearch size={24} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          classNames={{ input: classes.searchInput }}
        />
      )}
      {shown.length === 0 ? (
        <Text fz="xl" c="dimmed" ta="center" py="xl">
          {people.length === 0 ? 'No hay personas en esta área.' : 'Ninguna persona coincide con la búsqueda.'}
        </Text>
      ) : (
        <SimpleGrid
          cols={{ base: 2, xs: 3, md: 4, lg: 5 }}
          spacing="md"
          component="ul"
          className={classes.tileList}
          aria-label="Personas del área"
        >
          {shown.map((person) => (
            <li key={person.uuid}>
              <UnstyledButton
                className={classes.tile}
                onClick={() => onPick(person)}
                aria-label={`${person.nombre} ${person.apellido}`}
              >
                <Avatar
                  src={person.foto ?? null}
                  size={88}
                  radius={999}
                  color="blue"
                  className={classes.tileAvatar}
                  alt=""
                >
                  {initialsOf(person)}
                </Avatar>
                <Text fz={22} fw={700} ta="center" lh={1.2} className={classes.tileName}>
                  {person.nombre}
                </Text>
                <Text fz={18} c="dimmed" ta="center" lh={1.2} className={classes.tileName}>
                  {person.apellido}
                </Text>
                {person.bloqueado ? (
                  <Badge color="orange" size="lg">
                    Bloqueado
                  </Badge>
                ) : person.sinPin ? (
                  <Badge color="gray" size="lg">
                    Sin PIN
                  </Badge>
                ) : null}
              </UnstyledButton>
            </li>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
