#!/usr/bin/env python3
"""Writes the recurrence conformance table: for each rule and first date, the dates that
python-dateutil (an engine independent of Gestar's) gives. The table is committed as data
(src/scheduled-tasks/__tests__/recurrence-conformance.json) and the contracts' tests check the
rule engine against it without python. Run: python3 scripts/recurrence-conformance.py
(Debian: python3-dateutil)."""
import json
import os
from datetime import datetime
from itertools import islice

from dateutil.rrule import rrulestr

TAKE = 12

CASES = [
    # (rule, first date)
    ("FREQ=DAILY", "2030-01-01"),
    ("FREQ=DAILY;INTERVAL=3", "2030-01-30"),
    ("FREQ=DAILY;COUNT=5", "2030-02-26"),
    ("FREQ=DAILY;UNTIL=20300105", "2030-01-01"),
    ("FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR", "2030-01-04"),
    ("FREQ=DAILY;BYMONTHDAY=1,15", "2030-01-02"),
    ("FREQ=DAILY;BYMONTH=2;BYMONTHDAY=-1", "2030-01-01"),
    ("FREQ=DAILY;INTERVAL=10;BYDAY=SA,SU", "2030-01-01"),
    ("FREQ=WEEKLY", "2030-01-03"),
    ("FREQ=WEEKLY;INTERVAL=2", "2030-01-03"),
    ("FREQ=WEEKLY;BYDAY=MO,WE,FR", "2030-01-01"),
    ("FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH", "2030-01-01"),
    ("FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,SU;WKST=MO", "2030-01-01"),
    ("FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,SU;WKST=SU", "2030-01-01"),
    ("FREQ=WEEKLY;INTERVAL=3;BYDAY=SA;WKST=SU", "2030-02-14"),
    ("FREQ=WEEKLY;BYDAY=SU;COUNT=4", "2030-03-01"),
    ("FREQ=WEEKLY;BYDAY=FR;UNTIL=20300301", "2030-01-01"),
    ("FREQ=WEEKLY;BYMONTH=1,7;BYDAY=MO", "2030-01-01"),
    ("FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1", "2030-01-01"),
    ("FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=1", "2030-01-02"),
    ("FREQ=MONTHLY", "2030-01-31"),
    ("FREQ=MONTHLY;INTERVAL=2", "2030-01-15"),
    ("FREQ=MONTHLY;BYMONTHDAY=31", "2030-01-01"),
    ("FREQ=MONTHLY;BYMONTHDAY=30", "2030-01-01"),
    ("FREQ=MONTHLY;BYMONTHDAY=29", "2031-12-01"),
    ("FREQ=MONTHLY;BYMONTHDAY=-1", "2030-01-01"),
    ("FREQ=MONTHLY;BYMONTHDAY=-2", "2030-01-01"),
    ("FREQ=MONTHLY;BYMONTHDAY=1,15", "2030-01-10"),
    ("FREQ=MONTHLY;BYMONTHDAY=1,-1", "2030-01-01"),
    ("FREQ=MONTHLY;BYMONTHDAY=-1,-5,10", "2030-01-01"),
    ("FREQ=MONTHLY;BYMONTHDAY=28,29,30,31;BYSETPOS=-1", "2030-01-01"),
    ("FREQ=MONTHLY;BYMONTHDAY=28,29,30;BYSETPOS=-1", "2031-12-01"),
    ("FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=31", "2030-01-01"),
    ("FREQ=MONTHLY;BYDAY=1MO", "2030-01-01"),
    ("FREQ=MONTHLY;BYDAY=+2TU", "2030-01-01"),
    ("FREQ=MONTHLY;BYDAY=-2MO", "2030-01-01"),
    ("FREQ=MONTHLY;BYDAY=-1FR", "2030-01-01"),
    ("FREQ=MONTHLY;BYDAY=5FR", "2030-01-01"),
    ("FREQ=MONTHLY;BYDAY=5SU", "2030-01-01"),
    ("FREQ=MONTHLY;BYDAY=1MO,-1FR", "2030-01-01"),
    ("FREQ=MONTHLY;BYDAY=2TU,4TU", "2030-01-01"),
    ("FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13", "2030-01-01"),
    ("FREQ=MONTHLY;BYDAY=SA;BYMONTHDAY=7,8,9,10,11,12,13", "2030-01-01"),
    ("FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=1", "2030-01-01"),
    ("FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1", "2030-01-01"),
    ("FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=1,-1", "2030-01-01"),
    ("FREQ=MONTHLY;BYDAY=TU,TH;BYSETPOS=3", "2030-01-01"),
    ("FREQ=MONTHLY;BYDAY=SA,SU;BYSETPOS=-2", "2030-01-01"),
    ("FREQ=MONTHLY;COUNT=6;BYMONTHDAY=31", "2030-01-01"),
    ("FREQ=MONTHLY;UNTIL=20301231;BYDAY=-1MO", "2030-06-01"),
    ("FREQ=MONTHLY;BYMONTH=3,6,9,12;BYMONTHDAY=-1", "2030-01-01"),
    ("FREQ=MONTHLY;INTERVAL=6;BYDAY=1WE", "2030-02-20"),
    ("FREQ=MONTHLY;BYMONTHDAY=15;COUNT=3", "2030-01-20"),
    ("FREQ=YEARLY", "2030-05-17"),
    ("FREQ=YEARLY", "2028-02-29"),
    ("FREQ=YEARLY;INTERVAL=2", "2030-03-01"),
    ("FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29", "2030-01-01"),
    ("FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=28,29;BYSETPOS=-1", "2030-01-01"),
    ("FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1", "2030-01-01"),
    ("FREQ=YEARLY;BYMONTH=12;BYMONTHDAY=25", "2030-01-01"),
    ("FREQ=YEARLY;BYMONTH=3", "2030-01-20"),
    ("FREQ=YEARLY;BYMONTH=1,7;BYMONTHDAY=1", "2030-01-01"),
    ("FREQ=YEARLY;BYMONTH=11;BYDAY=4TH", "2030-01-01"),
    ("FREQ=YEARLY;BYMONTH=5;BYDAY=-1MO", "2030-01-01"),
    ("FREQ=YEARLY;BYDAY=1MO", "2030-01-01"),
    ("FREQ=YEARLY;BYDAY=-1FR", "2030-01-01"),
    ("FREQ=YEARLY;BYDAY=20MO", "2030-01-01"),
    ("FREQ=YEARLY;BYDAY=53TH", "2030-01-01"),
    ("FREQ=YEARLY;BYMONTH=1;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=1", "2030-01-01"),
    ("FREQ=YEARLY;BYMONTHDAY=1;BYDAY=SU", "2030-01-01"),
    ("FREQ=YEARLY;BYMONTH=10;BYMONTHDAY=31;COUNT=3", "2030-01-01"),
    ("FREQ=YEARLY;INTERVAL=4;BYMONTH=2;BYMONTHDAY=29;UNTIL=20500101", "2024-03-01"),
    ("FREQ=YEARLY;BYMONTH=4,6,9,11;BYMONTHDAY=31", "2030-01-01"),
    ("FREQ=MONTHLY;BYMONTH=2;BYMONTHDAY=30", "2030-01-01"),
    ("FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30,31", "2030-01-01"),
    ("FREQ=MONTHLY;BYMONTH=2;BYDAY=5MO", "2030-01-01"),
    ("FREQ=WEEKLY;BYDAY=SU", "2030-01-01"),
    ("FREQ=DAILY;BYDAY=SA,SU;COUNT=3", "2030-01-01"),
    ("FREQ=MONTHLY;BYMONTHDAY=-31", "2030-01-01"),
]


def main() -> None:
    out = []
    for rule, start in CASES:
        dtstart = datetime.strptime(start, "%Y-%m-%d")
        dates = [d.strftime("%Y-%m-%d") for d in islice(rrulestr(rule, dtstart=dtstart), TAKE)]
        out.append({"regla": rule, "inicio": start, "fechas": dates})
    here = os.path.dirname(os.path.abspath(__file__))
    path = os.path.join(here, "..", "src", "scheduled-tasks", "__tests__", "recurrence-conformance.json")
    with open(path, "w", encoding="utf-8") as f:
        json.dump({"engine": "python-dateutil", "take": TAKE, "cases": out}, f, indent=1, ensure_ascii=False)
        f.write("\n")
    print(f"{len(out)} reglas")


if __name__ == "__main__":
    main()
