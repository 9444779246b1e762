import { Box, NavLink } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useCurrentSession } from '../../modules/auth/index.ts';
import { isActive, type MenuNode, menuPathOf, menuTree, routeOfSlug } from './menu-routes.ts';

/**
 * The label of a menu entry: the company's, in French; in another language, the translation of a template entry
 * (its EE twin shares it), else the company's.
 */
function useMenuLabel(node: MenuNode): string {
  const { t, i18n } = useTranslation();
  const key = `navigation.menu.${node.slug.replace(/-ee$/, '')}`;
  return i18n.language !== 'fr' && i18n.exists(key) ? (t as unknown as (k: string) => string)(key) : node.libelle;
}

/**
 * A folder of the menu ("Administration"): a collapsible group, open at first, marked active around the page. Its
 * label is a button (Enter or Space opens and closes it) that says whether the group is open and which list it opens.
 */
function MenuFolder({ node, pathname, onNavigate }: { node: MenuNode; pathname: string; onNavigate: () => void }) {
  const [opened, setOpened] = useState(true);
  const label = useMenuLabel(node);
  const groupId = useId();
  return (
    <NavLink
      component="button"
      label={label}
      opened={opened}
      onChange={setOpened}
      aria-expanded={opened}
      aria-controls={groupId}
      attributes={{ collapse: { id: groupId } }}
      active={isActive(node, pathname)}
      variant="subtle"
    >
      {node.children.map((c) => (
        <MenuEntry key={c.id} node={c} pathname={pathname} onNavigate={onNavigate} />
      ))}
    </NavLink>
  );
}

function MenuEntry({ node, pathname, onNavigate }: { node: MenuNode; pathname: string; onNavigate: () => void }) {
  if (node.children.length > 0) return <MenuFolder node={node} pathname={pathname} onNavigate={onNavigate} />;
  return <MenuLink node={node} pathname={pathname} onNavigate={onNavigate} />;
}

function MenuLink({ node, pathname, onNavigate }: { node: MenuNode; pathname: string; onNavigate: () => void }) {
  const label = useMenuLabel(node);
  const active = isActive(node, pathname);
  return (
    <NavLink
      component={Link}
      to={routeOfSlug(node.slug) ?? '/app'}
      label={label}
      active={active}
      aria-current={active ? 'page' : undefined}
      onClick={onNavigate}
    />
  );
}

/** The navbar menu, from session.menuItems (a tree by parentId: folders are collapsible groups). */
export function AppNavbar({ onNavigate }: { onNavigate: () => void }) {
  const session = useCurrentSession();
  const location = useLocation();
  // The entry of the list a process was opened from is the active one (menuPathOf).
  const pathname = menuPathOf(location.pathname, location.state);
  const tree = menuTree(session.menuItems, session.codeLogiciel);
  // A plain scrolling box, not Mantine's ScrollArea: that one brings floating-ui into the first load (issue 16).
  return (
    <Box mih={0} style={{ flex: 1, overflowY: 'auto' }}>
      {tree.map((node) => (
        <MenuEntry key={node.id} node={node} pathname={pathname} onNavigate={onNavigate} />
      ))}
    </Box>
  );
}
