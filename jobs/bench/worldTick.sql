-- The world copy of docs/decisions/067: 130 parks (America/New_York), 30 attractions each, 1,000,002 e-mail
-- subscriptions spread by Zipf (park i: round(183534 / (i + 1)); largest 183,534, smallest 1,412), each with a pass
-- day on 2026-12-07 and 3 watched rides. Into a migrated, empty database:
--   createdb walkon_world && DATABASE_URL=postgres://postgres@127.0.0.1:5432/walkon_world npm run migrate
--   psql -h 127.0.0.1 -U postgres walkon_world -f jobs/bench/worldTick.sql   (about 4 minutes on 2 cores)
insert into destinations (id, name) values ('wd', 'World');
insert into parks (id, destination_id, name, timezone) select 'p' || i, 'wd', 'Park ' || i, 'America/New_York' from generate_series(0,129) i;
insert into attractions (id, park_id, name, entity_type) select 'p' || i || '-a' || j, 'p' || i, 'A' || j, 'ATTRACTION' from generate_series(0,129) i, generate_series(0,29) j;
insert into subscriptions (email, park_id, active, start_date, end_date, alert_type)
  select 'v' || g || '-p' || i || '@w.test', 'p' || i, true, '2026-12-07', '2026-12-08', 'email'
  from generate_series(0,129) i, generate_series(1, round(183534.0 / (i+1))::int) g;
insert into pass_days (subscription_id, day, channel, source, reference) select id, '2026-12-07', 'email', 'grant', 'w' from subscriptions;
insert into user_rides (email, park_id, ride_id, active) select s.email, s.park_id, s.park_id || '-a' || j, true from subscriptions s, generate_series(0,2) j;
analyze;
-- As every park's own first tick would: nobody is dirty once it has been judged.
update alert_watchers set dirty = false where dirty;
vacuum analyze;
