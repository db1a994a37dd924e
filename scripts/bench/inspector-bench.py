#!/usr/bin/env python3
"""Measures the web inspector in headless Chromium over a log API that already holds many events:
time to first paint, to the first full list, and to a filtered list; then, after printing FEED
(the caller starts adding events at a steady rate), the frame times while they arrive.
Prints one JSON object on the last line.

Usage: inspector-bench.py --api URL --token TOKEN --events N --filter EXPR --filtered N --feed-seconds S
"""
import argparse
import json
import sys
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

parser = argparse.ArgumentParser()
parser.add_argument("--api", required=True)
parser.add_argument("--token", required=True)
parser.add_argument("--events", type=int, required=True)
parser.add_argument("--filter", required=True)
parser.add_argument("--filtered", type=int, required=True)
parser.add_argument("--feed-seconds", type=float, default=5)
args = parser.parse_args()

options = webdriver.ChromeOptions()
options.binary_location = "/usr/bin/chromium"
for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,720", "--disable-gpu"):
    options.add_argument(flag)
driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
driver.set_script_timeout(120)


def status_count():
    text = driver.find_element(By.ID, "status").text
    digits = "".join(ch for ch in text.split(" exchange")[0] if ch.isdigit())
    return int(digits) if digits and "exchange" in text else -1


def wait_until(condition, limit=120):
    start = time.time()
    while time.time() - start < limit:
        if condition():
            return time.time() - start
        time.sleep(0.01)
    raise SystemExit("timed out waiting")


try:
    started = time.time()
    driver.get(args.api + "/?token=" + args.token)
    list_seconds = wait_until(lambda: status_count() >= args.events and len(driver.find_elements(By.CSS_SELECTOR, "#rows .row")) > 0)
    list_seconds = time.time() - started
    paint = driver.execute_script(
        "const e = performance.getEntriesByName('first-contentful-paint')[0]; return e ? e.startTime : null;")
    box = driver.find_element(By.ID, "filter")
    filter_start = time.time()
    box.send_keys(args.filter, Keys.ENTER)
    wait_until(lambda: status_count() == args.filtered)
    filter_seconds = time.time() - filter_start
    box.clear()
    box.send_keys(Keys.ENTER)
    wait_until(lambda: status_count() >= args.events)
    before = status_count()
    print("FEED", flush=True)
    frames = driver.execute_async_script("""
        const done = arguments[arguments.length - 1], until = performance.now() + arguments[0] * 1000, gaps = [];
        let last = performance.now();
        function tick(now) { gaps.push(now - last); last = now; if (now < until) requestAnimationFrame(tick); else done(gaps); }
        requestAnimationFrame(tick);
    """, args.feed_seconds)
    after = status_count()
    frames.sort()
    result = {
        "firstPaintMs": paint,
        "firstListMs": list_seconds * 1000,
        "filteredListMs": filter_seconds * 1000,
        "frames": len(frames),
        "frameP50Ms": frames[len(frames) // 2] if frames else None,
        "frameP95Ms": frames[int(len(frames) * 0.95)] if frames else None,
        "frameMaxMs": frames[-1] if frames else None,
        "rowsAddedWhileMeasured": after - before,
    }
    print(json.dumps(result), flush=True)
finally:
    driver.quit()
