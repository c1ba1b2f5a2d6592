"""pzprjs's wrong answers, each labelled with the rule it breaks (its failcode), checked
here (robx/pzprjs, MIT: test/script/<pid>.js, copied in tests/pzprjs/failchecks.json):
for every genre we share with it, every wrong answer is rejected by --check, naming the
rules of the table in docs/checking.md, and the correct one is accepted."""

from __future__ import annotations

import json

import pytest
from pzprjs_boards import READERS, ROOT, failchecks

from pyasp_runner.session import Session

CASES = [(genre, index) for genre, data in failchecks().items()
         for index in range(len(data["failcheck"]))]


@pytest.fixture(scope="module")
def sessions() -> dict[str, Session]:
    found = {}
    for genre, data in failchecks().items():
        path = ROOT / data["instance"]
        found[genre] = Session.open(genre, path.read_text(), source=str(path))
    return found


@pytest.mark.parametrize(("genre", "index"), CASES,
                         ids=[f"{genre}-{index}" for genre, index in CASES])
def test_each_failcheck_rejected_naming_its_rules(sessions, genre, index):
    data = failchecks()[genre]
    code, board = data["failcheck"][index]
    expected = data["ours"][index]
    checked = sessions[genre].check(json.dumps(READERS[genre](board)))
    rules = {violation["rule"] for violation in checked.envelope()["check"]["violations"]}
    assert (checked.status, rules) == (expected["status"], set(expected["rules"]))
    assert (code is None) == (checked.status == "correct")


def test_the_table_in_the_docs_is_the_data():
    """docs/checking.md's table lists each failcode beside the rules we name."""
    text = (ROOT / "docs" / "checking.md").read_text()
    for genre, data in failchecks().items():
        for (code, _), ours in zip(data["failcheck"], data["ours"], strict=True):
            said = ", ".join(ours["rules"]) or ours["status"]
            assert f"| {data['pid']} | {code or '(correct)'} | {said} |" in text, (genre, code)
