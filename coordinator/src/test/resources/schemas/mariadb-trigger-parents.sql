-- An insert trigger that writes one profile per user, keyed by the user's id, and a table of
-- photos that references the profiles: the photos' parents are the rows the trigger writes.
CREATE TABLE users (
  id INT NOT NULL AUTO_INCREMENT PRIMARY KEY,
  name VARCHAR(100) NOT NULL
);
CREATE TABLE profiles (
  user_id INT NOT NULL PRIMARY KEY,
  created_at DATETIME NOT NULL,
  CONSTRAINT profiles_user FOREIGN KEY (user_id) REFERENCES users (id)
);
CREATE TABLE profile_photos (
  id INT NOT NULL AUTO_INCREMENT PRIMARY KEY,
  profile_id INT NOT NULL,
  url VARCHAR(255) NOT NULL,
  created_at DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT photos_profile FOREIGN KEY (profile_id) REFERENCES profiles (user_id)
);
CREATE TRIGGER users_profile AFTER INSERT ON users FOR EACH ROW
  INSERT INTO profiles (user_id, created_at) VALUES (NEW.id, NOW());
