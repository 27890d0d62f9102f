import { parseArgs } from 'node:util';
import { DisruptionType, type StaffDisruption } from '@gridline/contracts/disruptions';
import { loadConfig } from '../apps/server/src/config.ts';
import { startDatabase } from '../apps/server/src/db/start.ts';
import { DisruptionsRepository } from '../apps/server/src/modules/disruptions/repository.ts';
import { DisruptionsService } from '../apps/server/src/modules/disruptions/service.ts';
import { AuditRepository } from '../apps/server/src/modules/audit/repository.ts';
import { AuditService } from '../apps/server/src/modules/audit/service.ts';

// `npm run disruption -- --organisation solvik --kind warning|fatal --on|--off`, or `--list`.
// Switches an organisation's disruptions of a kind on or off (the demo seeds one of each, off)
// through the same service as the back office's calls (audited as the system, `command line`).
// Works beside a running `npm start` (it attaches to its database).
const usage = 'usage: npm run disruption -- --organisation <slug> (--kind <warning|fatal> (--on|--off) | --list)';
const { values } = parseArgs({
  options: {
    organisation: { type: 'string' },
    kind: { type: 'string' },
    on: { type: 'boolean', default: false },
    off: { type: 'boolean', default: false },
    list: { type: 'boolean', default: false },
  },
});
const kind = DisruptionType.safeParse(values.kind);
const switching = values.on !== values.off;
if (!values.organisation || (!values.list && (!kind.success || !switching))) {
  console.error(usage);
  process.exit(2);
}

const show = (d: StaffDisruption) =>
  `  ${d.type.padEnd(7)} ${d.enabled ? 'on ' : 'off'}  ${d.status.padEnd(8)} ${d.level.padEnd(8)} ${d.targets.join(',').padEnd(11)} ${d._id}  ${d.name}`;

const database = await startDatabase(loadConfig(), () => {});
try {
  const organisation = await database.db.selectFrom('organisations').select(['id', 'slug']).where('slug', '=', values.organisation).executeTakeFirst();
  if (!organisation) {
    console.error(`No organisation "${values.organisation}".`);
    process.exitCode = 1;
  } else {
    const service = new DisruptionsService(new DisruptionsRepository(database.db), { audit: new AuditService(new AuditRepository(database.db)) });
    if (values.list) {
      const all = await service.listAll(organisation);
      console.log(all.length > 0 ? all.map(show).join('\n') : `${organisation.slug} has no disruptions.`);
    } else if (kind.success) {
      const changed = await service.setEnabledByType(organisation, kind.data, values.on);
      if (changed.length === 0) {
        console.error(`${organisation.slug} has no ${kind.data} disruption.`);
        process.exitCode = 1;
      } else {
        console.log(`Switched ${values.on ? 'on' : 'off'} for ${organisation.slug}:\n${changed.map(show).join('\n')}`);
        if (values.on) console.log(`The portal shows it on its next page load (or within a minute).`);
      }
    }
  }
} finally {
  await database.stop();
}
