"""ndcg.course.check_words: the checks' words, in English and, after set_language("zh"), in Chinese."""

import pytest

import ndcg
from ndcg.course.function_checks import FunctionCheck
from ndcg.course.number_checks import NumberCheck
from tests.course.helpers import films_check

# -- in Chinese: after ndcg.course.set_language("zh") -----------------------------------------------


@pytest.fixture
def chinese():
    """The checks speak Chinese for one test, then English again."""
    from ndcg.course import i18n

    with i18n.chosen("zh"):
        yield


def test_the_hint_ladder_speaks_chinese(chinese):
    check = films_check()
    first, second, third = (check.check([5, 8]).message for _ in range(3))
    assert first.startswith("❌ 还不对：[5, 8] 不是电影的 [CG@3, CG@5]：2 项中有 1 项正确（第 2 项）。")
    assert "💡 提示：CG@k 就是前 k 个等级之和" in first
    assert "🔎 更细的分析：" in second and "[3, 2, 1, 0, 2]" in second
    assert "📖 讲解：CG@3 = 3 + 2 + 1 = 6" in third
    right = check.check("6，8").message
    assert right.startswith("✅ 正确！电影的 [CG@3, CG@5] = [6, 8]。你答错 3 次之后做对了")
    for message in (first, second, third, right):
        assert "Not quite" not in message and "Hint" not in message
    assert check.check(...).message.startswith("⏳ 还没有：")


def test_a_function_check_speaks_chinese(chinese):
    from ndcg.course.answers import answers
    from ndcg.course.tables import steps

    check = FunctionCheck(
        ndcg.dcg,
        name="DCG@k",
        cases=[([3, 2, 1], 2), ([2], None)],
        steps=steps,
        **answers("02_dcg", "check_my_dcg"),
    )

    def my_dcg(rels, k=None):
        return float(sum(rels[:k]))

    first, second, third = (check.check(my_dcg).message for _ in range(3))
    assert first.startswith("❌ 还不对：my_dcg 在 2 个测试用例中的 1 个上算错了 DCG@k。")
    assert "np.asarray(rels, dtype=float)[:k] 保留前 k 个" in first
    assert "最小的一个：my_dcg([3, 2, 1], 2) 返回了 5，但 DCG@k 应为" in second
    assert "下面是在这个用例上一步一步算出 DCG@k 的过程：" in second
    assert "📖 讲解：一种写法：" in third and "def my_dcg(rels, k=None):" in third
    assert check.check(3).message.startswith("❓ 答案应该是一个函数")


def test_wrong_types_of_answer_in_chinese(chinese):
    check = NumberCheck([1, 2, 3], name="the ideal order of the grades")
    assert check.check("a, b").message == "❓ 无法把 'a, b' 读成一列数。请这样输入：3, 2, 1。"
    assert check.check([1, 2]).message == "❓ 答案应该是包含 3 个数的列表；收到了 2 个。"
    assert NumberCheck(1.5, name="AP").check(True).message.startswith("❓ True 不是数")


def test_every_word_of_the_checks_and_every_help_text_has_its_chinese():
    """The catalogues hold a current translation of each (``python -m ndcg_book translations check`` says which are stale)."""
    from ndcg.course import answers, check_words, i18n

    table = i18n.catalogue("checks")
    assert [key for key, english in check_words.WORDS.items() if (key, english) not in table] == []
    chinese = check_words._help_texts("zh")
    missing = [
        f"{chapter}: {name}: {field}"
        for chapter in answers.chapters()
        for name, texts in answers._chapter(chapter).items()
        for field, text in texts.items()
        if text not in chinese
    ]
    assert missing == []


def test_the_answer_box_in_chinese(chinese):
    from ndcg.course.widgets import AnswerChecker

    box = AnswerChecker(NumberCheck(6, name="CG@k"))
    assert 'data-lang="zh"' in box.html and "检查 ✔" in box.html and "你对 CG@k 的答案：" in box.html
    assert '"attempts":"尝试次数：{count}"' in box.html
    assert box.submit("").message == "⏳ 还没有：在框里输入你的答案，然后按“检查”。"
    assert "✏️ 答案检查器" in box.snapshot_html()


def test_english_is_unchanged_by_default():
    check = NumberCheck(6, name="CG@k", hint="Add them.")
    assert check.check(5).message == "❌ Not quite: 5 is too low for CG@k.\n💡 Hint: Add them."
