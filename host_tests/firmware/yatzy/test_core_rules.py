# Rulesets as data and the validation of house options.
# SPDX-License-Identifier: MIT
import pytest
from yatzy import rules


def test_ruleset_attributes():
    y = rules.RULESETS["yatzy"]
    assert (y.bonus_threshold, y.bonus_value, y.rolls, y.columns, y.joker) == (63, 50, 3, 1, False)
    assert y.upper == rules.UPPER and y.categories[-1] == "yatzy"
    f = rules.RULESETS["forced"]
    assert (f.bonus_threshold, f.order) == (42, "down")
    a = rules.RULESETS["yahtzee"]
    assert (a.bonus_value, a.joker, a.yahtzee_bonus, a.rolloff_dice) == (35, True, 100, 5)
    m = rules.RULESETS["maxi"]
    assert (m.dice, m.bonus_threshold, m.bonus_value, m.saved_rolls) == (6, 84, 100, True)
    t = rules.RULESETS["triple"]
    assert (t.columns, t.factors) == (3, (1, 2, 3))


def test_options_table_covers_every_key():
    assert set(rules.OPTIONS) == set(rules.OPTION_KEYS)
    for spec in rules.OPTIONS.values():
        assert set(spec["rulesets"]) <= set(rules.RULESET_IDS)
        assert spec["label"] and spec["help"]
    for rid in rules.RULESET_IDS:
        opts = rules.normalize_options(rid, {})
        assert set(opts) == set(rules.OPTION_KEYS)


def test_configure_applies_options():
    r = rules.configure("yahtzee", {"categories": ["yahtzee", "ones", "chance"], "extra_rows": 2})
    assert r.categories == ("ones", "yahtzee", "yahtzee_2", "yahtzee_3", "chance")
    assert r.upper == ("ones",) and r.yatzy_boxes == ("yahtzee", "yahtzee_2", "yahtzee_3")
    r = rules.configure("forced", {"bonus_threshold": 50, "triple": True})
    assert (r.bonus_threshold, r.columns, r.order) == (50, 3, "down")
    r = rules.configure("yahtzee", {"categories": ["ones", "chance"]})
    assert not r.joker and not r.yahtzee_bonus  # no Yahtzee box: no Joker, no bonus
    assert rules.configure("triple").columns == 3


@pytest.mark.parametrize(
    "rid,options,needle",
    [
        ("yatzy", {"colour": 1}, "colour"),
        ("yatzy", {"all_rolls": 1}, "all_rolls"),
        ("maxi", {"all_rolls": True}, "all_rolls"),
        ("yatzy", {"extra_bonus": 25}, "extra_bonus"),
        ("yahtzee", {"extra_bonus": 50}, "extra_bonus"),
        ("yatzy", {"order": "sideways"}, "order"),
        ("forced", {"order": "free"}, "order"),
        ("yatzy", {"extra_rows": 4}, "extra_rows"),
        ("yatzy", {"extra_rows": True}, "extra_rows"),
        ("yatzy", {"categories": []}, "categories"),
        ("yatzy", {"categories": ["ones", "ones"]}, "twice"),
        ("yatzy", {"categories": ["tower"]}, "tower"),
        ("yatzy", {"categories": "ones"}, "categories"),
        ("forced", {"upper_first": True}, "upper_first"),
        ("yatzy", {"bonus_threshold": 0}, "bonus_threshold"),
        ("yatzy", {"bonus_threshold": 106}, "bonus_threshold"),
        ("yatzy", {"bonus_threshold": "63"}, "bonus_threshold"),
        ("yatzy", {"tie_break": None}, "tie_break"),
        ("triple", {"triple": False}, "triple"),
        ("yatzy", {"categories": ["ones", "chance"], "extra_rows": 1}, "extra_rows"),
        ("yatzy", {"categories": ["ones", "chance"], "extra_bonus": 50}, "extra_bonus"),
        ("yatzy", {"upper_first": True, "order": "up_or_down"}, "upper_first"),
        ("chess", {}, "ruleset"),
        ("yatzy", [("all_rolls", True)], "options"),
    ],
)
def test_bad_options_are_refused_by_name(rid, options, needle):
    with pytest.raises(ValueError, match=needle):
        rules.configure(rid, options)


def test_neutral_values_of_inapplicable_options_are_accepted():
    assert rules.configure("maxi", {"all_rolls": False}).all_rolls is False
    assert rules.configure("forced", {"order": "down"}).order == "down"
    assert rules.configure("yahtzee", {"extra_bonus": 0}).extra_bonus == 0
    assert rules.configure("triple", {"triple": True}).columns == 3


def test_short_game_keeps_card_order():
    r = rules.configure("maxi", {"categories": ["chance", "ones", "villa"]})
    assert r.categories == ("ones", "villa", "chance")


def test_unknown_ruleset_lists_known_ones():
    with pytest.raises(ValueError, match="yatzy, forced, yahtzee, maxi, triple"):
        rules.get("farkle")


def test_menu_values_are_all_accepted():
    for rid in rules.RULESET_IDS:
        for key in rules.OPTION_KEYS:
            if not rules.applies(key, rid):
                continue
            values = rules.menu_values(key, rid)
            assert len(values) >= 2
            for v in values:
                assert rules.configure(rid, {key: v}).options[key] == v


def test_short_labels_match_help_texts():
    """rules.LABELS (read from rules_info on demand) are the help texts' short labels."""
    from yatzy import rules_info

    assert set(rules.LABELS) == set(rules_info.CATEGORY_INFO)
    for c, info in rules_info.CATEGORY_INFO.items():
        assert rules.LABELS[c] == info[0]
    for c, info in rules_info.YAHTZEE_INFO.items():
        assert rules.LABELS[c] == info[0]
    y = rules.configure("yatzy", {"extra_rows": 2})
    assert [y.label(c) for c in y.categories[-3:]] == ["Yatzy", "Yatzy2", "Yatzy3"]
    assert y.label("yatzy_3") == rules.category_info("yatzy_3", y)[0]


def test_release_drops_lazy_tables_and_they_come_back():
    import sys

    import heap

    first = rules.RULESETS["yatzy"]
    assert rules.CATEGORY_INFO["ones"][1] == "Ones"
    heap.drop("setup")  # rules.release() and the modules loaded on first use
    assert "yatzy.rules_info" not in sys.modules
    assert "yatzy.rules_config" not in sys.modules
    assert "RULESETS" not in rules.__dict__
    again = rules.RULESETS["yatzy"]
    assert again is not first and again.categories == first.categories
    assert rules.RULESETS["yatzy"] is again  # kept until the next release
    assert rules.category_info("yatzy_2")[1] == "Yatzy 2"
    assert rules.configure("forced").bonus_threshold == 42  # set-up names reach through
    assert rules.menu_values("extra_bonus", "yatzy") == [0, 50, 100]
    with pytest.raises(AttributeError):
        rules.NO_SUCH_TABLE  # noqa: B018


def test_names_are_the_rulesets_names():
    assert set(rules.NAMES) == set(rules.RULESET_IDS)
    for rid in rules.RULESET_IDS:
        assert rules.NAMES[rid] == rules.RULESETS[rid].name == rules.configure(rid).name
