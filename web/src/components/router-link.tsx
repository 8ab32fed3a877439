import Button, { type ButtonProps } from '@cloudscape-design/components/button';
import Link, { type LinkProps } from '@cloudscape-design/components/link';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';

type TestId = { 'data-testid'?: string };

/**
 * A Cloudscape link to a page of this app: a real `href` (open in a new tab works),
 * followed inside the app without reloading it.
 */
export function RouterLink({
  to,
  children,
  ...props
}: { to: string; children: ReactNode } & Omit<LinkProps, 'href' | 'onFollow' | 'external'> &
  TestId) {
  const navigate = useNavigate();
  return (
    <Link
      {...props}
      href={to}
      onFollow={(event) => {
        event.preventDefault();
        void navigate(to);
      }}
    >
      {children}
    </Link>
  );
}

/** A Cloudscape button that opens a page of this app (rendered as a link). */
export function RouterButton({
  to,
  children,
  ...props
}: { to: string; children: ReactNode } & Omit<ButtonProps, 'href' | 'onFollow' | 'onClick'> &
  TestId) {
  const navigate = useNavigate();
  return (
    <Button
      {...props}
      href={to}
      onFollow={(event) => {
        event.preventDefault();
        void navigate(to);
      }}
    >
      {children}
    </Button>
  );
}
