import { clsx } from 'clsx';

/**
 * Joins class names without resolving Tailwind conflicts (clsx), for the primitives every page loads (Button,
 * Input, Select, Card, Spinner): their callers add layout classes only (margin, width, grid placement), never
 * a utility the primitive sets itself. Keeps tailwind-merge (≈8 KB gzip) off the pages that do not need it;
 * use `cn` (lib/cn.ts) where a caller overrides a component's own utilities.
 */
export const cx = clsx;
