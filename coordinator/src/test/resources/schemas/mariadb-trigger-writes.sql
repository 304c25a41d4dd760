-- An insert trigger that copies each new row of one table into two others (the form of Sakila's
-- film and film_text): those two are the trigger's to fill, unless the config sizes them.
CREATE TABLE film (
  film_id SMALLINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
  title VARCHAR(128) NOT NULL,
  description TEXT
);
CREATE TABLE film_text (
  film_id SMALLINT UNSIGNED NOT NULL PRIMARY KEY,
  title VARCHAR(255) NOT NULL,
  description TEXT,
  FULLTEXT KEY film_text_search (title, description)
);
CREATE TABLE film_log (
  id INT NOT NULL AUTO_INCREMENT PRIMARY KEY,
  film_id SMALLINT UNSIGNED NOT NULL,
  logged_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE TABLE rental (
  rental_id INT NOT NULL PRIMARY KEY,
  film_id SMALLINT UNSIGNED NOT NULL,
  CONSTRAINT rental_film FOREIGN KEY (film_id) REFERENCES film (film_id)
);
CREATE TRIGGER film_copies AFTER INSERT ON film FOR EACH ROW BEGIN
  INSERT INTO film_text (film_id, title, description)
    VALUES (NEW.film_id, NEW.title, NEW.description);
  INSERT IGNORE INTO `film_log` (film_id) VALUES (NEW.film_id);
END;
