package io.colfile.kudu.tablet;

import java.util.List;

/** A table as one tablet server's superblocks know it: its id, its name and its tablets here. */
public record KuduTable(String id, String name, List<TabletMeta> tablets) {
  public KuduTable {
    tablets = List.copyOf(tablets);
  }
}
