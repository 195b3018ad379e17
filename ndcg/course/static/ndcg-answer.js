/* ndcg-answer.js: an exercise's answer box in a notebook (ndcg.course.widgets.AnswerChecker).
 *
 * The view (data-ndcg-view="answer") holds a text box and a "Check" button.  The check itself
 * runs in Python: pressing the button (or Enter) sends what was typed as the model's "answer"
 * and counts up "submitted"; Python checks it and sends back "feedback" (HTML) and "attempts".
 * Notebook only (it needs the widget's model): the book shows the checker's snapshot.
 */
import M from "./ndcg-metrics.js";
import course from "./ndcg-course.js";

function answer(root) {
  const model = course.modelOf(root);
  if (!model) { return; }
  const texts = M.localize(course.readData(root), M.language(root)).texts;
  const input = course.role(root, "answer");
  const feedback = course.role(root, "feedback");
  const attempts = course.role(root, "attempts");
  const button = root.querySelector("[data-action=check]");

  function show() {
    feedback.innerHTML = model.get("feedback");
    const tries = model.get("attempts");
    attempts.textContent = tries ? texts.attempts.replace("{n}", String(tries)) : "";
  }

  function check() {
    model.set("answer", input.value);
    model.set("submitted", model.get("submitted") + 1);
    model.save_changes();
  }

  input.value = model.get("answer");
  button.addEventListener("click", check);
  input.addEventListener("keydown", (event) => {
    if (event.key === "Enter") {
      event.preventDefault();
      check();
    }
  });
  model.on("change:feedback", show);
  model.on("change:attempts", show);
  show();
}

course.register("answer", answer);
