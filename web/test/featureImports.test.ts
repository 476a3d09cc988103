import { describe, expect, it } from 'vitest';
import { probeWriter, restrictedImports } from '../../scripts/lintProbes.ts';

// The web app's feature rule (docs/decisions/061-features-do-not-import-each-other.md): a folder under
// web/src/features/ imports only its own files, web/src/lib/, web/src/components/ and the app modules; lib/ and
// components/ never import a feature; routes/ may import any feature. Biome's noRestrictedImports overrides in
// biome.json enforce it (`make lint`). These tests write wrong-way imports into probe files inside the tree, lint
// them, and expect each to fail naming its rule; the allowed directions pass; the tree itself must pass. The probes'
// names hold `__layers_` so that scripts/checkLayers.test.ts, which may run beside this file, leaves them out too.

const probe = probeWriter();

const id = `${process.pid}`;
const wrongWay: [string, string, string][] = [
  // A feature file importing another feature: a sibling folder, through features/, a lazy import.
  [
    `web/src/features/alerts/__layers_features_${id}_a.ts`,
    "import { useNow } from '../lightningLane/format.ts';\nvoid useNow;",
    'feature rule',
  ],
  [
    `web/src/features/landing/__layers_features_${id}_b.ts`,
    "import { AdminItems } from '../../features/rankings/AdminItems.tsx';\nvoid AdminItems;",
    'feature rule',
  ],
  [
    `web/src/features/alerts/__layers_features_${id}_c.ts`,
    "const page = () => import('../push/PhoneAlertsCard.tsx');\nvoid page;",
    'feature rule',
  ],
  // From a sub-folder of a feature.
  [
    `web/src/features/lightningLane/active/__layers_features_${id}_d.ts`,
    "import { GetAlertsPage } from '../../alerts/GetAlertsPage.tsx';\nvoid GetAlertsPage;",
    'feature rule',
  ],
  // The web rule still holds inside a feature.
  [`web/src/features/alerts/__layers_features_${id}_e.ts`, "import { users } from '@walkon/db';\nvoid users;", 'web rule'],
  // The shared pieces never import a feature.
  [
    `web/src/lib/__layers_features_${id}_f.ts`,
    "import { GetAlertsPage } from '../features/alerts/GetAlertsPage.tsx';\nvoid GetAlertsPage;",
    'shared rule',
  ],
  [
    `web/src/components/__layers_features_${id}_g.ts`,
    "import { AdminItems } from '../features/rankings/AdminItems.tsx';\nvoid AdminItems;",
    'shared rule',
  ],
];

describe('web feature imports (biome.json noRestrictedImports)', () => {
  it('fails every cross-feature import, naming the rule it breaks', () => {
    const files = wrongWay.map(([rel, source]) => probe(rel, source));
    const found = restrictedImports(files);
    for (const [rel, , rule] of wrongWay) {
      const mine = found.filter((d) => d.location.path === rel);
      expect(mine.length, `${rel} should break the ${rule}`).toBeGreaterThan(0);
      expect(mine.map((d) => d.message).join('\n'), rel).toContain(rule);
    }
  });

  it('lets a feature import its own files, lib/, components/ and the app modules, and a route import any feature', () => {
    const ok = [
      probe(
        `web/src/features/alerts/__layers_features_${id}_ok.ts`,
        [
          "import { PassDays } from './PassDays.tsx';",
          "import { formatPassDate } from '../../lib/dates.ts';",
          "import { Card } from '../../components/ui/card.tsx';",
          "import { useTRPC } from '../../trpc.ts';",
          "import { formatUsd } from '@walkon/domain/money';",
          'void [PassDays, formatPassDate, Card, useTRPC, formatUsd];',
        ].join('\n'),
      ),
      probe(
        `web/src/features/lightningLane/active/__layers_features_${id}_ok.ts`,
        [
          "import { laneErrorToast } from '../format.ts';",
          "import { LaneRow } from './LaneRow.tsx';",
          "import { useNow } from '../../../lib/useNow.ts';",
          'void [laneErrorToast, LaneRow, useNow];',
        ].join('\n'),
      ),
      probe(
        `web/src/routes/-__layers_features_${id}_ok.ts`,
        [
          "import { GetAlertsPage } from '../features/alerts/GetAlertsPage.tsx';",
          "import { PhoneAlertsCard } from '../features/push/PhoneAlertsCard.tsx';",
          'void [GetAlertsPage, PhoneAlertsCard];',
        ].join('\n'),
      ),
    ];
    expect(restrictedImports(ok)).toEqual([]);
  });

  it('the web app as committed has no cross-feature import', () => {
    const found = restrictedImports(['web/src']).filter((d) => !d.location.path.includes('__layers_'));
    expect(found.map((d) => `${d.location.path}: ${d.message}`)).toEqual([]);
  });
});
