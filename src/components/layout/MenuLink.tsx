import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { Link } from 'react-router';
import type { MenuSubItem } from '@config/menu';

/** Props of {@link MenuLink}: the item, plus native anchor attributes (e.g. role="menuitem", tabIndex). */
export interface MenuLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'target' | 'rel' | 'onClick'> {
  item: MenuSubItem;
  className?: string;
  children?: ReactNode;
  /** Opens outside items in a new tab (sub-items of type 'outside', src/config/menu.ts). */
  newTab?: boolean;
  onClick?: () => void;
}

/** A menu link (src/config/menu.ts): inside items are router links, outside items plain links to the external page. */
export function MenuLink({ item, className, children, newTab = false, onClick, ...anchor }: MenuLinkProps) {
  if (item.type === 'inside') {
    return (
      <Link to={item.path} className={className} onClick={onClick} {...anchor}>
        {children ?? item.label}
      </Link>
    );
  }
  return (
    <a
      href={item.path}
      className={className}
      onClick={onClick}
      {...anchor}
      {...(newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      {children ?? item.label}
    </a>
  );
}
