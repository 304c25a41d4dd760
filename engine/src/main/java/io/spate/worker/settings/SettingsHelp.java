package io.spate.worker.settings;

import java.util.List;
import java.util.ListResourceBundle;

/**
 * The {@code --help} lines of a catalog's options, as the resource bundle picocli reads option
 * descriptions from ({@code @Command(resourceBundle = ...)}, inherited by subcommands): an option's
 * annotation names it and binds it to a field, its declaration says what it means.
 */
public abstract class SettingsHelp extends ListResourceBundle {

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
