package io.spate.engine.settings;

import java.util.List;
import java.util.ListResourceBundle;

/**
 * The {@code --help} lines of a catalog's options, as the resource bundle picocli reads option
 * descriptions from ({@code @Command(resourceBundle = ...)}, inherited by subcommands): an option's
 * annotation names it and binds it to a field, its declaration says what it means.
 */
public abstract class SettingsHelp extends ListResourceBundle {

  /**
   * The footer of the help of every command that connects to a database: the databases Spate fills,
   * by the URL that picks each ({@code TargetKind}; a test holds every kind named).
   */
  public static final String DATABASES =
      "Databases: PostgreSQL (jdbc:postgresql://), MariaDB and MySQL (jdbc:mariadb://,"
          + " jdbc:mysql://; the server needs local_infile=ON), SQLite (jdbc:sqlite:FILE, one"
          + " writer at a time), H2 (jdbc:h2:FILE, or jdbc:h2:mem:NAME from the JVM holding it).";

  /** The footer of a command that reads PostgreSQL's statistics views and nothing else. */
  public static final String POSTGRESQL_ONLY =
      "Databases: PostgreSQL only (it reads pg_stats); MariaDB, MySQL, SQLite and H2 are not"
          + " supported.";

  /** The footer of a command that connects to no database of the user's. */
  public static final String NO_DATABASE =
      "Connects to no database; spate local, submit and worker fill PostgreSQL, MariaDB, MySQL,"
          + " SQLite and H2.";

  private final List<Setting<?>> settings;

  protected SettingsHelp(List<Setting<?>> settings) {
    this.settings = List.copyOf(settings);
  }

  @Override
  protected Object[][] getContents() {
    return settings.stream()
        .filter(s -> s.option() != null)
        .map(s -> new Object[] {s.key(), s.help()})
        .toArray(Object[][]::new);
  }
}
