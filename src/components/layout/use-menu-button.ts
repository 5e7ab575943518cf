import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type RefObject } from 'react';

/** Which item gets the focus when the menu opens. */
type OpenFocus = 'first' | 'last';

/** What {@link useMenuButton} gives a menu: spread `buttonProps` on the button, `menuProps` on the list, `itemProps` on each item. */
export interface MenuButton {
  open: boolean;
  close: () => void;
  buttonProps: {
    ref: RefObject<HTMLButtonElement | null>;
    id: string;
    'aria-haspopup': 'menu';
    'aria-expanded': boolean;
    'aria-controls': string;
    onClick: () => void;
    onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => void;
  };
  menuProps: {
    ref: RefObject<HTMLUListElement | null>;
    id: string;
    role: 'menu';
    'aria-labelledby': string;
    hidden: boolean;
    onKeyDown: (event: KeyboardEvent<HTMLUListElement>) => void;
  };
  itemProps: { role: 'menuitem'; tabIndex: -1; onClick: () => void };
}

const menuItems = (menu: HTMLElement | null): HTMLElement[] =>
  menu ? Array.from(menu.querySelectorAll<HTMLElement>('[role="menuitem"]')) : [];

/**
 * While `open`, a press (pointerdown) anywhere outside `button` and `menu`
 * calls `close`: the menu-button pattern's click outside ({@link useMenuButton}).
 */
function useCloseOnOutsidePress(
  open: boolean,
  button: RefObject<HTMLElement | null>,
  menu: RefObject<HTMLElement | null>,
  close: () => void,
) {
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!button.current?.contains(target) && !menu.current?.contains(target)) close();
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, button, menu, close]);
}

/**
 * The WAI-ARIA menu-button pattern (https://www.w3.org/WAI/ARIA/apg/patterns/menu-button/; docs/architecture.md, "Accessibility"),
 * without a library: the button has aria-haspopup="menu", aria-expanded and aria-controls; a click, Enter or Space
 * opens the menu on its first item (ArrowDown too, ArrowUp on the last). In the menu ArrowDown/ArrowUp move (and wrap),
 * Home/End go to the first/last item, Escape closes and gives the focus back to the button, Tab closes and lets the
 * focus move on. A press outside closes it; choosing an item closes it. Items are found by role="menuitem".
 */
export function useMenuButton(): MenuButton {
  const [open, setOpen] = useState(false);
  const [focusOnOpen, setFocusOnOpen] = useState<OpenFocus>('first');
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const buttonId = useId();
  const menuId = useId();

  const close = useCallback(() => setOpen(false), []);
  const focusItem = useCallback((which: OpenFocus) => {
    const items = menuItems(menu.current);
    (which === 'last' ? items.at(-1) : items[0])?.focus();
  }, []);
  const openOn = (focus: OpenFocus) => {
    setFocusOnOpen(focus);
    setOpen(true);
  };

  // Focus the first or last item once the menu is shown.
  useEffect(() => {
    if (open) focusItem(focusOnOpen);
  }, [open, focusOnOpen, focusItem]);

  useCloseOnOutsidePress(open, button, menu, close);

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const focus = event.key === 'ArrowDown' ? 'first' : 'last';
      if (!open) return openOn(focus);
      focusItem(focus);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const items = menuItems(menu.current);
    const current = items.indexOf(document.activeElement as HTMLElement);
    const moveTo = (index: number) => {
      event.preventDefault();
      items[(index + items.length) % items.length]?.focus();
    };
    switch (event.key) {
      case 'ArrowDown':
        return moveTo(current + 1);
      case 'ArrowUp':
        return moveTo(current < 0 ? items.length - 1 : current - 1);
      case 'Home':
        return moveTo(0);
      case 'End':
        return moveTo(items.length - 1);
      case 'Escape':
        event.preventDefault();
        setOpen(false);
        button.current?.focus();
        return;
      case 'Tab':
        setOpen(false);
        return;
    }
  };

  return {
    open,
    close,
    buttonProps: {
      ref: button,
      id: buttonId,
      'aria-haspopup': 'menu',
      'aria-expanded': open,
      'aria-controls': menuId,
      onClick: () => (open ? setOpen(false) : openOn('first')),
      onKeyDown: onButtonKeyDown,
    },
    menuProps: { ref: menu, id: menuId, role: 'menu', 'aria-labelledby': buttonId, hidden: !open, onKeyDown: onMenuKeyDown },
    itemProps: { role: 'menuitem', tabIndex: -1, onClick: close },
  };
}
