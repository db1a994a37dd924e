#!/usr/bin/env python3
"""Drives the web inspector of a running `loupe proxy` in headless Chromium (Selenium with
Debian's chromium-driver) while traffic goes through the proxy, and prints one line per check:
`ok NAME` or `FAIL NAME: why`. Screenshots of the main views go to --screenshots.

Usage: inspector-browser.py --api URL --token TOKEN --proxy URL --origin URL --sse-origin URL --screenshots DIR
       --downloads DIR --secret TEXT
"""
import argparse
import os
import subprocess
import sys
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

parser = argparse.ArgumentParser()
for name in ("api", "token", "proxy", "origin", "sse-origin", "screenshots", "downloads", "secret", "saved-url"):
    parser.add_argument("--" + name, required=True)
parser.add_argument("--saved-count", type=int, required=True)
args = parser.parse_args()
failures = 0


def check(name, condition, why=""):
    global failures
    if condition:
        print("ok", name)
    else:
        failures += 1
        print("FAIL", name + (": " + why if why else ""))


def wait_for(condition, seconds=10):
    """The first truthy value of condition() within `seconds`, else None."""
    deadline = time.time() + seconds
    while time.time() < deadline:
        try:
            value = condition()
            if value:
                return value
        except Exception:
            pass
        time.sleep(0.1)
    return None


def curl(*arguments):
    subprocess.run(["curl", "-s", "-o", "/dev/null", "-x", args.proxy, *arguments], check=False, timeout=15)


def rows():
    return driver.find_elements(By.CSS_SELECTOR, "#rows .row")


def row_texts():
    return [row.text for row in rows()]


def click_row(containing, seconds=10):
    """Clicks the first row whose text contains `containing`; retried, since live updates
    re-render the rows under the pointer (a row found a moment ago may be gone)."""
    def attempt():
        row = next((row for row in rows() if containing in row.text), None)
        if row is None:
            return False
        row.click()
        return True
    return bool(wait_for(attempt, seconds))


def click_tab(name, seconds=5):
    def attempt():
        button = next(button for button in driver.find_elements(By.CSS_SELECTOR, "#tabs button")
                      if button.text.split(" (")[0] == name)
        button.click()
        return True
    return bool(wait_for(attempt, seconds))


options = webdriver.ChromeOptions()
options.binary_location = "/usr/bin/chromium"
for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,720",
             "--disable-gpu", "--no-first-run", "--force-color-profile=srgb"):
    options.add_argument(flag)
options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
options.add_experimental_option("prefs", {"download.default_directory": args.downloads,
                                          "download.prompt_for_download": False})
driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
try:
    # Traffic before the page opens: it is in the first list.
    curl(args.origin + "/data.json?token=" + args.secret)

    # Without the access token (another local user, a page that guessed the port): refused.
    driver.get(args.api + "/")
    refused = driver.find_element(By.TAG_NAME, "body").text
    check("the page without its token is refused", "needs its access token" in refused and "data.json" not in refused,
          refused[:200])
    driver.get(args.api + "/v1/events?token=wrong-" + args.token)
    check("the API with a wrong token is refused", "needs its access token" in driver.find_element(By.TAG_NAME, "body").text)
    driver.get_log("browser")  # the two 401s are logged as console errors; what follows must add none

    driver.get(args.api + "/?token=" + args.token)
    check("the page loads", driver.title == "Loupe inspector", driver.title)
    check("the first list shows the earlier exchange", wait_for(lambda: any("/data.json" in text for text in row_texts())),
          str(row_texts()))

    # Live rows while curl sends traffic through the proxy.
    for index in range(5):
        curl(args.origin + "/data.json?n=%d" % index)
    curl(args.origin + "/missing")
    check("live rows arrive", wait_for(lambda: len(rows()) >= 7), "%d rows" % len(rows()))
    check("a 404 shows its status", wait_for(lambda: any(" 404 " in " " + text.replace("\n", " ") + " " for text in row_texts())),
          str(row_texts()))
    driver.save_screenshot(os.path.join(args.screenshots, "inspector-list.png"))

    # A valid filter: only the 404.
    box = driver.find_element(By.ID, "filter")
    box.send_keys("status:404", Keys.ENTER)
    check("a valid filter narrows the list", wait_for(lambda: len(rows()) == 1 and "/missing" in row_texts()[0]), str(row_texts()))
    check("no filter error for a valid filter", not driver.find_element(By.ID, "filter-error").is_displayed())

    # An invalid filter: the parser's error under the column it names.
    box.clear()
    box.send_keys("status:abc", Keys.ENTER)
    error = wait_for(lambda: driver.find_element(By.ID, "filter-error").is_displayed()
                     and driver.find_element(By.ID, "filter-error").text)
    check("an invalid filter shows the parser's error", bool(error) and "^" in error, str(error))
    if error:
        lines = error.split("\n")
        caret = lines[1].index("^") if len(lines) > 1 and "^" in lines[1] else -1
        check("the caret sits under the value the parser names", caret == len("status:"), repr(error))
    driver.save_screenshot(os.path.join(args.screenshots, "inspector-filter-error.png"))
    box.clear()
    box.send_keys(Keys.ENTER)
    check("clearing the filter shows everything again", wait_for(lambda: len(rows()) >= 7), "%d rows" % len(rows()))

    # Details: the first exchange's redacted token, never the secret.
    click_row("/data.json")
    title = wait_for(lambda: driver.find_element(By.ID, "detail").is_displayed() and driver.find_element(By.ID, "detail-title").text)
    check("a click opens the details", bool(title) and "/data.json" in title, str(title))
    check("the secret never reaches the page", args.secret not in driver.page_source)
    click_tab("Response")
    check("the response body is shown as JSON",
          wait_for(lambda: "hello" in driver.find_element(By.ID, "pane").text), driver.find_element(By.ID, "pane").text[:200])
    driver.save_screenshot(os.path.join(args.screenshots, "inspector-detail.png"))

    # Where the time went: the first exchange opened the upstream connection.
    click_tab("Timing")
    timing = wait_for(lambda: "Connect" in driver.find_element(By.ID, "pane").text and driver.find_element(By.ID, "pane").text)
    check("the Timing tab shows connect, wait and receive phases",
          bool(timing) and "Waiting" in timing and "Receiving" in timing, str(timing)[:300])
    driver.save_screenshot(os.path.join(args.screenshots, "inspector-timing.png"))

    # Redactions: which rule, how many, where.
    click_tab("Redactions")
    where = wait_for(lambda: "URL" in driver.find_element(By.ID, "pane").text and driver.find_element(By.ID, "pane").text)
    check("the Redactions tab says which rule replaced what, and where", bool(where) and "Where" in where, str(where)[:300])

    # Copy as curl: the request as a command, the redacted token left as its placeholder.
    click_tab("curl")
    command = wait_for(lambda: driver.find_element(By.ID, "curl-command").text)
    check("the curl tab shows the request as a command",
          bool(command) and command.startswith("curl") and "/data.json" in command, str(command)[:300])
    check("the command keeps redacted values as placeholders", bool(command) and "[REDACTED" in command and args.secret not in command,
          str(command)[:300])

    # Keyboard: Escape closes, / focuses the filter, arrows and Enter open a row.
    body = driver.find_element(By.TAG_NAME, "body")
    body.send_keys(Keys.ESCAPE)
    check("Escape closes the details", wait_for(lambda: not driver.find_element(By.ID, "detail").is_displayed()))
    driver.find_element(By.ID, "viewport").send_keys(Keys.ARROW_DOWN, Keys.ENTER)
    check("arrows and Enter open the next row", wait_for(lambda: driver.find_element(By.ID, "detail").is_displayed()))
    driver.find_element(By.ID, "viewport").send_keys("/")
    check("/ focuses the filter", driver.switch_to.active_element.get_attribute("id") == "filter")

    # An event stream growing in the Messages tab while it is open.
    stream = subprocess.Popen(["curl", "-sN", "-o", "/dev/null", "-x", args.proxy, args.sse_origin + "/events"])
    clicked = click_row("/events")
    check("the event stream's row appears while it streams", clicked)
    if clicked:
        wait_for(lambda: driver.find_element(By.ID, "detail").is_displayed())
        click_tab("Messages")
        early = wait_for(lambda: driver.find_element(By.ID, "pane").text.count("tick"), 5) or 0
        later = wait_for(lambda: (lambda count: count if count > early else 0)(driver.find_element(By.ID, "pane").text.count("tick")), 8) or 0
        check("the Messages tab grows as events arrive", early >= 1 and later > early, "%d then %d" % (early, later))
        driver.save_screenshot(os.path.join(args.screenshots, "inspector-sse.png"))
    stream.wait(timeout=20)

    # Export the filtered rows as HAR: a file lands in the download folder.
    driver.find_element(By.ID, "export-har").click()
    downloaded = wait_for(lambda: [name for name in os.listdir(args.downloads) if name.endswith(".har")], 15)
    check("the HAR export downloads", bool(downloaded), str(os.listdir(args.downloads)))
    if downloaded:
        text = open(os.path.join(args.downloads, downloaded[0]), encoding="utf-8").read()
        check("the exported HAR holds the exchanges and not the secret", '"/missing' in text or "missing" in text and args.secret not in text)

    # The dark theme follows the system setting.
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
    background = driver.execute_script("return getComputedStyle(document.body).backgroundColor")
    check("a dark system setting gives the dark theme", background == "rgb(22, 24, 29)", background)
    driver.save_screenshot(os.path.join(args.screenshots, "inspector-dark.png"))
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "light"}]})

    # A narrow window still lays out the list.
    driver.set_window_size(600, 720)
    check("a narrow window keeps the list", wait_for(lambda: len(rows()) >= 1 and rows()[0].is_displayed()))
    driver.save_screenshot(os.path.join(args.screenshots, "inspector-narrow.png"))

    errors = [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
    check("no errors in the page's console", not errors, str(errors)[:500])

    # `loupe open FILE`: a saved log in the same inspector, at the address it printed.
    driver.set_window_size(1280, 720)
    driver.get(args.saved_url)
    check("loupe open serves the saved log's exchanges",
          wait_for(lambda: len(rows()) == args.saved_count), "%d rows, wanted %d" % (len(rows()), args.saved_count))
    driver.save_screenshot(os.path.join(args.screenshots, "inspector-open.png"))
    errors = [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
    check("no errors in the saved log's page", not errors, str(errors)[:500])
finally:
    driver.quit()
sys.exit(1 if failures else 0)
