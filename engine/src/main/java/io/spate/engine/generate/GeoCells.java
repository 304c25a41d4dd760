package io.spate.engine.generate;

import io.spate.engine.encode.RowWriter;
import io.spate.protocol.schema.SqlType;
import io.spate.protocol.seed.Seeds;

/**
 * Cell generators of shapes: PostgreSQL's geometric types, the cube extension's points and PostGIS
 * geometries. Draw {@code k} of the cell hash gives the k-th coordinate, so a value never depends
 * on another row. Every coordinate is a longitude in [-180, 180) or a latitude in [-90, 90), valid
 * for any spatial reference, and every shape is one the type's receive function accepts: a line
 * with a non-zero x coefficient, a box with its upper corner first, a path of two or more points, a
 * polygon of three or more, a circle of non-negative radius, a PostGIS polygon as a closed square.
 */
final class GeoCells {

  private GeoCells() {}

  /** Longitude of draw {@code k}, in [-170, 170) so a shape around it stays within [-180, 180]. */
  private static double lon(long cell, int k) {
    return -170 + 340 * Seeds.unit(Seeds.draw(cell, k));
  }

  /** Latitude of draw {@code k}, in [-80, 80) for the same reason. */
  private static double lat(long cell, int k) {
    return -80 + 160 * Seeds.unit(Seeds.draw(cell, k));
  }

  /** A size in (0, 1] from draw {@code k}: a box's side, a square's, a step along a path. */
  private static double size(long cell, int k) {
    return 1 - Seeds.unit(Seeds.draw(cell, k));
  }

  /** point, line, lseg, box, path, polygon and circle, in their {@code *_send} forms. */
  static final class Geometric extends CellGen {
    private static final int MAX_EXTRA_POINTS = 3;
    private final SqlType type;
    private final long stream;

    Geometric(SqlType type, long stream) {
      this.type = type;
      this.stream = stream;
    }

    @Override
    void write(long slot, RowWriter out) {
      long cell = Seeds.cell(stream, slot);
      double x = lon(cell, 0);
      double y = lat(cell, 1);
      double d = size(cell, 2);
      int field = out.beginField();
      switch (type) {
        case POINT -> point(out, x, y);
        case LINE -> { // A x + B y + C = 0 with A > 0: never the degenerate A = B = 0
          out.putFloat8(d);
          out.putFloat8(y / 90);
          out.putFloat8(x);
        }
        case LSEG -> {
          point(out, x, y);
          point(out, x + d, y + d);
        }
        case BOX -> { // upper right corner, then lower left
          point(out, x + d, y + d);
          point(out, x, y);
        }
        case PATH, POLYGON -> {
          int points =
              (type == SqlType.PATH ? 2 : 3)
                  + (int) Seeds.below(Seeds.draw(cell, 3), MAX_EXTRA_POINTS + 1);
          if (type == SqlType.PATH) {
            out.putByte(Seeds.draw(cell, 4) < 0 ? 1 : 0); // closed or open
          }
          out.putInt4(points);
          for (int i = 0; i < points; i++) { // around a circle of radius d, counter-clockwise
            double angle = 2 * Math.PI * i / points;
            point(out, x + d * Math.cos(angle), y + d * Math.sin(angle));
          }
        }
        case CIRCLE -> {
          point(out, x, y);
          out.putFloat8(d);
        }
        default -> throw new IllegalStateException("not a geometric type: " + type);
      }
      out.endField(field);
    }

    private static void point(RowWriter out, double x, double y) {
      out.putFloat8(x);
      out.putFloat8(y);
    }
  }

  /** cube: a point of three coordinates (cube_send: a header of the point flag and dimensions). */
  static final class Cube extends CellGen {
    private static final int POINT_BIT = 0x8000_0000;
    private static final int DIMENSIONS = 3;
    private final long stream;

    Cube(long stream) {
      this.stream = stream;
    }

    @Override
    void write(long slot, RowWriter out) {
      long cell = Seeds.cell(stream, slot);
      int field = out.beginField();
      out.putInt4(POINT_BIT | DIMENSIONS);
      out.putFloat8(lon(cell, 0));
      out.putFloat8(lat(cell, 1));
      out.putFloat8(size(cell, 2));
      out.endField(field);
    }
  }

  /**
   * PostGIS geometry and geography as extended well-known binary (big-endian), which their receive
   * functions read: the shape, Z and M dimensions and SRID its column's type modifier asks for (a
   * point, and for geography SRID 4326, when it has none). A polygon is a closed square, a line a
   * segment; a multi-shape holds one, a collection one point.
   */
  static final class PostGis extends CellGen {
    private static final int XDR = 0;
    private static final int Z_FLAG = 0x8000_0000;
    private static final int M_FLAG = 0x4000_0000;
    private static final int SRID_FLAG = 0x2000_0000;
    private static final int POINT = 1;
    private static final int LINESTRING = 2;
    private static final int POLYGON = 3;
    private static final int COLLECTION = 7;
    private static final int WGS84 = 4326;
    private final long stream;
    private final int shape;
    private final boolean z;
    private final boolean m;
    private final int srid;

    /**
     * @param typmod PostGIS's packed type modifier, or -1
     * @param geography whether the column is a geography (SRID 4326 unless the modifier says)
     */
    PostGis(long stream, int typmod, boolean geography) {
      this.stream = stream;
      int given = typmod < 0 ? 0 : (typmod & 0xFC) >> 2; // 0: any shape
      this.shape = given == 0 ? POINT : given;
      this.z = typmod >= 0 && (typmod & 0x02) != 0;
      this.m = typmod >= 0 && (typmod & 0x01) != 0;
      int typmodSrid = typmod < 0 ? 0 : ((typmod & 0x0FFF_FF00) - (typmod & 0x1000_0000)) >> 8;
      this.srid = typmodSrid != 0 ? typmodSrid : geography ? WGS84 : 0;
      if (shape > COLLECTION) {
        throw new IllegalArgumentException(
            "Spate draws points, lines, polygons, their multi-shapes and collections, not PostGIS"
                + " shape type "
                + shape
                + "; give the column a fixed `value` in the config");
      }
    }

    @Override
    void write(long slot, RowWriter out) {
      long cell = Seeds.cell(stream, slot);
      int field = out.beginField();
      header(out, shape, srid != 0);
      if (srid != 0) {
        out.putInt4(srid);
      }
      if (shape > POLYGON) { // multi-shapes and collections: one member
        out.putInt4(1);
        header(out, shape == COLLECTION ? POINT : shape - POLYGON, false);
      }
      body(out, shape == COLLECTION ? POINT : shape > POLYGON ? shape - POLYGON : shape, cell);
      out.endField(field);
    }

    private void header(RowWriter out, int type, boolean withSrid) {
      out.putByte(XDR);
      out.putInt4(type | (z ? Z_FLAG : 0) | (m ? M_FLAG : 0) | (withSrid ? SRID_FLAG : 0));
    }

    private void body(RowWriter out, int type, long cell) {
      double x = lon(cell, 0);
      double y = lat(cell, 1);
      double d = size(cell, 2);
      switch (type) {
        case POINT -> coordinate(out, x, y, d);
        case LINESTRING -> {
          out.putInt4(2);
          coordinate(out, x, y, d);
          coordinate(out, x + d, y + d, d);
        }
        default -> { // a polygon: one closed ring, counter-clockwise
          out.putInt4(1);
          out.putInt4(5);
          coordinate(out, x, y, d);
          coordinate(out, x + d, y, d);
          coordinate(out, x + d, y + d, d);
          coordinate(out, x, y + d, d);
          coordinate(out, x, y, d);
        }
      }
    }

    /** x and y, then z and m (both {@code extra}) when the column has them. */
    private void coordinate(RowWriter out, double x, double y, double extra) {
      out.putFloat8(x);
      out.putFloat8(y);
      if (z) {
        out.putFloat8(extra);
      }
      if (m) {
        out.putFloat8(extra);
      }
    }
  }
}
