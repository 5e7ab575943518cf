import { lazy, type ComponentType } from 'react';

/** A route's screen whose code loads when first drawn, or before, with {@link LazyPage.preload}. */
export interface LazyPage<Props extends object> {
  /** Draws the screen: at once once loaded, else suspending until it is (React's `lazy`). */
  Page: ComponentType<Props>;
  /** Loads the screen's code; the page then draws without suspending. @throws the module's load error. */
  preload: () => Promise<void>;
}

/**
 * A screen of its own chunk (docs/architecture.md, "First load"). Preloaded,
 * it renders the loaded component directly: a prerendered page hydrates in
 * one pass, where React's `lazy` suspends once even for code already in.
 */
export function lazyPage<Props extends object>(load: () => Promise<ComponentType<Props>>): LazyPage<Props> {
  let loading: Promise<{ default: ComponentType<Props> }> | undefined;
  let loaded: ComponentType<Props> | undefined;
  const loadOnce = () =>
    (loading ??= load().then((component) => {
      loaded = component;
      return { default: component };
    }));
  const Suspending = lazy(loadOnce);
  function Page(props: Props) {
    const Screen = loaded ?? Suspending;
    return <Screen {...props} />;
  }
  return { Page, preload: async () => void (await loadOnce()) };
}
