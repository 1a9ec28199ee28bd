"""Writes orders.csv, the sample of the README's quick start: 300 seeded orders.

Run from this directory with Python 3: python3 make_orders.py
"""
import datetime
import random

r = random.Random(20261122)
first = ["Ada", "Alan", "Grace", "Edsger", "Barbara", "Donald", "Radia", "Ken", "Frances",
         "John", "Margaret", "Leslie"]
countries = ["DE", "FR", "NL", "US", "BR", "JP", "IN", "ZA"]
notes = ["", "", "", "gift wrap", "deliver after 18:00", "call ahead, \"ring twice\"",
         "fragile; handle with care", "Zürich office", "leave at door, side entrance"]
lines = ["order_id,customer,country,amount,quantity,discount,ordered,shipped,paid,note"]
base = datetime.date(2024, 1, 1)
for i in range(300):
    name = f"{r.choice(first)} {chr(65 + r.randrange(26))}."
    amount = f"{r.randrange(100, 5_000_000) / 100:.2f}"
    qty = r.randrange(1, 40)
    disc = r.choice(["0", "0.05", "0.1", "0.15", ""])
    ordered = base + datetime.timedelta(days=r.randrange(0, 700))
    if r.random() < 0.1:
        shipped = ""
    else:
        t = datetime.datetime.combine(ordered, datetime.time()) + datetime.timedelta(
            seconds=r.randrange(3600, 10 * 86400), microseconds=r.randrange(0, 1000) * 1000)
        shipped = t.strftime("%Y-%m-%d %H:%M:%S") + (
            f".{t.microsecond // 1000:03d}".rstrip("0") if t.microsecond else "")
        if shipped.endswith("."):
            shipped = shipped[:-1]
    paid = r.choice(["true", "false", "true"])
    note = r.choice(notes)
    if any(c in note for c in ',"\n'):
        note = '"' + note.replace('"', '""') + '"'
    lines.append(f"{1000 + i},{name},{r.choice(countries)},{amount},{qty},{disc},"
                 f"{ordered.isoformat()},{shipped},{paid},{note}")
with open("orders.csv", "w", encoding="utf-8") as f:
    f.write("\n".join(lines) + "\n")
