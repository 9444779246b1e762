import { NavLink, ScrollArea } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { useCurrentSession } from '../../modules/auth/session.ts';
import { type MenuNode, menuTree, routeOfSlug } from './menu-routes.ts';

function MenuEntry({ node, pathname, onNavigate }: { node: MenuNode; pathname: string; onNavigate: () => void }) {
  const to = routeOfSlug(node.slug);
  const active = to === '/app' ? pathname === '/app' || pathname === '/app/' : pathname.startsWith(to);
  if (node.children.length > 0) {
    return (
      <NavLink label={node.libelle} defaultOpened active={active}>
        {node.children.map((c) => (
          <MenuEntry key={c.id} node={c} pathname={pathname} onNavigate={onNavigate} />
        ))}
      </NavLink>
    );
  }
  return (
    <NavLink
      component={Link}
      to={to}
      label={node.libelle}
      active={active}
      aria-current={active ? 'page' : undefined}
      onClick={onNavigate}
    />
  );
}

/** The navbar menu, from session.menuItems. */
export function AppNavbar({ onNavigate }: { onNavigate: () => void }) {
  const session = useCurrentSession();
  const { pathname } = useLocation();
  const tree = menuTree(session.menuItems, session.codeLogiciel);
  return (
    <ScrollArea>
      {tree.map((node) => (
        <MenuEntry key={node.id} node={node} pathname={pathname} onNavigate={onNavigate} />
      ))}
    </ScrollArea>
  );
}
