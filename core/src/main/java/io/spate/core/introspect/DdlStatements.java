package io.spate.core.introspect;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import net.sf.jsqlparser.parser.CCJSqlParserConstants;
import net.sf.jsqlparser.parser.CCJSqlParserTokenManager;
import net.sf.jsqlparser.parser.SimpleCharStream;
import net.sf.jsqlparser.parser.StringProvider;
import net.sf.jsqlparser.parser.Token;

/**
 * A DDL file cut into its statements by JSqlParser's own tokenizer, so a {@code ;} inside a string,
 * a quoted name, a comment or a {@code $$} body never ends one; each keeps its first line, for
 * messages, and the source text it spans. The tokenizer knows {@code $$ ... $$} but not a tagged
 * {@code $body$ ... $body$}: its tokens are followed to the closing tag.
 *
 * <p>The tokens also tell the file's dialect ({@link Dialect#of}): MySQL's and MariaDB's dumps
 * carry words PostgreSQL has no use for (backquoted names, {@code ENGINE}, {@code AUTO_INCREMENT},
 * ...).
 */
record DdlStatements(List<Statement> statements, Dialect dialect, String dialectEvidence) {

  /** The SQL dialects a DDL file may be written in: they differ in types and in folding names. */
  enum Dialect {
    POSTGRESQL("PostgreSQL"),
    MYSQL("MySQL/MariaDB");

    final String displayName;

    Dialect(String displayName) {
      this.displayName = displayName;
    }
  }

  /** Words only MySQL's and MariaDB's DDL use, upper case. */
  private static final Set<String> MYSQL_WORDS =
      Set.of(
          "ENGINE",
          "AUTO_INCREMENT",
          "UNSIGNED",
          "ZEROFILL",
          "TINYINT",
          "MEDIUMINT",
          "DATETIME",
          "TINYTEXT",
          "MEDIUMTEXT",
          "LONGTEXT",
          "TINYBLOB",
          "MEDIUMBLOB",
          "LONGBLOB");

  /**
   * One statement of the file.
   *
   * @param line the line its first token is on, from 1
   * @param text its source text, without the closing {@code ;}
   * @param words its first three words, upper case ({@code CREATE UNIQUE INDEX}), for deciding what
   *     a statement the parser cannot read is
   */
  record Statement(int line, String text, List<String> words) {
    /** Its text on one line, cut at 200 characters, for messages. */
    String brief() {
      String flat = text.strip().replaceAll("\\s+", " ");
      return flat.length() <= 200 ? flat : flat.substring(0, 197) + "...";
    }

    boolean startsWith(String... prefix) {
      return words.size() >= prefix.length
          && words.subList(0, prefix.length).equals(List.of(prefix));
    }
  }

  static DdlStatements split(String text) {
    int[] lineStarts = lineStarts(text);
    List<Statement> statements = new ArrayList<>();
    CCJSqlParserTokenManager tokens =
        new CCJSqlParserTokenManager(new SimpleCharStream(new StringProvider(text)));
    Token first = null;
    Token last = null;
    String dollarTag = null;
    List<String> words = new ArrayList<>();
    String evidence = null;
    for (Token t = tokens.getNextToken(); t.kind != CCJSqlParserConstants.EOF; ) {
      if (evidence == null) {
        evidence = mysqlEvidence(t);
      }
      if (dollarTag == null && t.kind == CCJSqlParserConstants.ST_SEMICOLON) {
        if (first != null) {
          statements.add(statement(text, lineStarts, first, last, words));
        }
        first = null;
        words = new ArrayList<>();
      } else {
        if (first == null) {
          first = t;
        }
        last = t;
        if (words.size() < 3) {
          words.add(t.image.toUpperCase(Locale.ROOT));
        }
        if (t.image.matches("\\$[A-Za-z_]\\w*\\$")) {
          dollarTag = t.image.equals(dollarTag) ? null : dollarTag == null ? t.image : dollarTag;
        }
      }
      t = tokens.getNextToken();
    }
    if (first != null) {
      statements.add(statement(text, lineStarts, first, last, words));
    }
    return evidence == null
        ? new DdlStatements(statements, Dialect.POSTGRESQL, "no word of MySQL's own")
        : new DdlStatements(statements, Dialect.MYSQL, evidence);
  }

  /** What in token {@code t} only MySQL or MariaDB writes, with its line; null when nothing. */
  private static String mysqlEvidence(Token t) {
    if (t.image.startsWith("`")) {
      return "the backquoted name " + t.image + " on line " + t.beginLine;
    }
    String word = t.image.toUpperCase(Locale.ROOT);
    return MYSQL_WORDS.contains(word) ? word + " on line " + t.beginLine : null;
  }

  private static Statement statement(
      String text, int[] lineStarts, Token first, Token last, List<String> words) {
    int begin = lineStarts[first.beginLine - 1] + first.beginColumn - 1;
    int end = lineStarts[last.endLine - 1] + last.endColumn;
    return new Statement(first.beginLine, text.substring(begin, end), List.copyOf(words));
  }

  /** Where each line begins; {@code \r\n}, {@code \n} and {@code \r} end one, as the tokenizer. */
  private static int[] lineStarts(String text) {
    List<Integer> starts = new ArrayList<>(List.of(0));
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '\n' || (c == '\r' && (i + 1 == text.length() || text.charAt(i + 1) != '\n'))) {
        starts.add(i + 1);
      }
    }
    return starts.stream().mapToInt(Integer::intValue).toArray();
  }
}
