"""The live console at /__admin in headless Chromium from Debian's packages, driven through
Debian's chromium-driver (issue #12): it loads with no console errors, shows a request made with
another client as the journal streams it (EventSource, issue #40) instead of polling for it, marks a
request whose client left as cancelled, and its Reset empties the journal."""

import json
import os
import socket
import time
import urllib.request

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from counterpart_server import running_server

SCREENSHOT = os.environ.get("COUNTERPART_CONSOLE_SCREENSHOT")


@pytest.fixture(scope="module")
def dev_url():
    with running_server("--dev") as url:
        yield url


@pytest.fixture(scope="module")
def browser():
    options = Options()
    options.binary_location = "/usr/bin/chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1600,1000"]:
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    yield driver
    driver.quit()


def journal_rows(browser):
    return browser.find_elements(By.CSS_SELECTOR, "#journal tbody tr")


def wait_for(browser, condition, message):
    # The console re-renders the journal every poll: a row read while it is replaced is stale, and
    # the condition is simply tried again.
    WebDriverWait(browser, 10, poll_frequency=0.1, ignored_exceptions=(StaleElementReferenceException,)).until(
        lambda _: condition(), message)


def test_console_shows_requests_cancellations_and_resets(dev_url, browser):
    browser.get(f"{dev_url}/__admin")
    assert browser.title == "Counterpart console"

    with urllib.request.urlopen(f"{dev_url}/todos?from=curl", timeout=10) as response:
        assert response.status == 200
    wait_for(browser, lambda: any("/todos?from=curl" in row.text for row in journal_rows(browser)),
             "a request made with another client appears as the journal streams it")
    with urllib.request.urlopen(f"{dev_url}/metrics", timeout=10) as response:
        assert "\ncounterpart_streams_open 1.0\n" in response.read().decode(), "the console holds one stream"
    time.sleep(2.5)
    reads = browser.execute_script(
        "return performance.getEntriesByType('resource').filter(e => e.name.includes('/__admin/requests?')).length")
    assert reads == 1, f"the list is read once, when the stream opens, not polled: {reads} reads"

    # A client that gives up during an injected delay, as a debounced search does.
    port = int(dev_url.rsplit(":", 1)[1])
    with socket.create_connection(("127.0.0.1", port)) as leaving:
        leaving.sendall(b"GET /search/repositories?q=debounced HTTP/1.1\r\nHost: x\r\nPrefer: delay=5000\r\n\r\n")
        time.sleep(0.3)
    wait_for(browser, lambda: any(row.get_attribute("class") == "cancelled" and "debounced" in row.text
                                  for row in journal_rows(browser)),
             "the abandoned request is marked cancelled")
    cancelled = next(row for row in journal_rows(browser) if "debounced" in row.text)
    assert cancelled.find_element(By.CSS_SELECTOR, "td.outcome").text == "cancelled"
    assert "line-through" in cancelled.find_element(By.CSS_SELECTOR, "td.target").value_of_css_property(
        "text-decoration")

    if SCREENSHOT:
        browser.save_screenshot(SCREENSHOT)

    browser.find_element(By.ID, "reset").click()
    wait_for(browser, lambda: not journal_rows(browser), "Reset empties the journal")
    assert "seed 1" in browser.find_element(By.ID, "summary").text

    errors = [entry for entry in browser.get_log("browser") if entry["level"] == "SEVERE"]
    assert errors == [], errors


def test_console_toggles_change_the_flags(dev_url, browser):
    browser.get(f"{dev_url}/__admin")
    wait_for(browser, lambda: browser.find_element(By.ID, "fault-rate").get_attribute("value") == "0",
             "the page shows the current flags")
    browser.find_element(By.ID, "latency-on").click()
    rate = browser.find_element(By.ID, "fault-rate")
    rate.clear()
    rate.send_keys("0.25")
    browser.find_element(By.ID, "apply").click()

    def flags():
        with urllib.request.urlopen(f"{dev_url}/__admin/controls", timeout=10) as response:
            return json.load(response)

    wait_for(browser, lambda: flags() == {"latency": {"minMs": 200, "maxMs": 800}, "faultRate": 0.25},
             "Apply sends the toggles to the server")
    request = urllib.request.Request(f"{dev_url}/__admin/controls", method="PATCH",
                                     data=b'{"latency":null,"faultRate":0}',
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as response:
        assert json.load(response) == {"latency": None, "faultRate": 0}
    errors = [entry for entry in browser.get_log("browser") if entry["level"] == "SEVERE"]
    assert errors == [], errors
