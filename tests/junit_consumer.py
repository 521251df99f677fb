#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
"""Reads preflight's JUnit with junitparser (the parser behind the
EnricoMi/publish-unit-test-result-action GitHub action) and checks that it
agrees with the JSON report of the same run: counts, testcase names, failure
and error types (the cause codes) and messages.

usage: junit_consumer.py JUNIT.xml REPORT.json   exit 0 when they agree
"""
import json
import sys

from junitparser import Error, Failure, JUnitXml, Skipped


def main(junit_path, report_path):
    xml = JUnitXml.fromfile(junit_path)
    report = json.load(open(report_path, encoding="utf-8"))
    probes = report["probes"]
    suites = list(xml)
    problems = []

    def expect(cond, what):
        if not cond:
            problems.append(what)

    expect(len(suites) == 1, "one testsuite per run, got %d" % len(suites))
    suite = suites[0]
    cases = list(suite)
    want = {v: sum(1 for p in probes if p["verdict"] == v) for v in ("fail", "error", "skipped")}
    expect(suite.tests == len(probes), "tests=%s, %d probes" % (suite.tests, len(probes)))
    expect(suite.failures == want["fail"], "failures=%s, want %d" % (suite.failures, want["fail"]))
    expect(suite.errors == want["error"], "errors=%s, want %d" % (suite.errors, want["error"]))
    expect(suite.skipped == want["skipped"], "skipped=%s, want %d" % (suite.skipped, want["skipped"]))
    expect(xml.tests == len(probes), "testsuites tests=%s" % xml.tests)
    expect(len(cases) == len(probes), "%d testcases for %d probes" % (len(cases), len(probes)))
    kinds = {"fail": Failure, "error": Error, "skipped": Skipped}
    for case, probe in zip(cases, probes):
        name = probe["id"] + (probe.get("variant") or "")
        expect(case.name.startswith(name + " "), "testcase %r does not start with %r" % (case.name, name))
        results = list(case.result)
        if probe["verdict"] == "pass":
            expect(results == [], "%s passed but has %r" % (name, results))
            continue
        expect(len(results) == 1, "%s: %d results" % (name, len(results)))
        if not results:
            continue
        r = results[0]
        expect(isinstance(r, kinds[probe["verdict"]]),
               "%s: %s for verdict %s" % (name, type(r).__name__, probe["verdict"]))
        if probe["verdict"] != "skipped":
            expect(r.type == probe["cause"], "%s: type %r, cause %r" % (name, r.type, probe["cause"]))
            expect(r.message.startswith(probe["cause"] + ": " + probe["message"]),
                   "%s: message %r" % (name, r.message))
    for p in problems:
        print("junit_consumer: " + p, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
