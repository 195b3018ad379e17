/* ndcg-boot.js: the book's last script on a page with a view: every kind of view is registered
 * by the scripts before it, so activate the page's views now. */
import course from "./ndcg-course.js";

course.start();
