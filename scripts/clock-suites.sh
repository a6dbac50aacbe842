#!/usr/bin/env bash
# Runs the date- and time-sensitive suites again under other days and zones than the suite's default
# (2026-11-22 09:15 in Asia/Seoul): a spring-forward morning in Los Angeles, a year's last hour west of UTC
# (already the next year in UTC), and a leap day east of it. A test that only passes on the day it was
# written, or in one zone, fails here.
set -euo pipefail
cd "$(dirname "$0")/.."
suites='ClockTests|DateGrammar|Timestamp|LocalDay|DaysTests|InstantTests|KoreanDates|KoreanDateCommands|QueryTests'
for clock in "2027-03-14T01:30:00-08:00 America/Los_Angeles" \
             "2026-12-31T23:30:00-10:00 Pacific/Honolulu" \
             "2028-02-29T00:10:00+13:00 Pacific/Auckland"; do
  set -- $clock
  echo "== date- and time-sensitive suites at $1 in $2"
  JOURNAL_TEST_NOW=$1 JOURNAL_TEST_TZ=$2 TZ=$2 swift test --skip-build --filter "$suites"
done
