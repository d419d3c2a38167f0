declare const deep: {
  /** Nests objects deeper than the bound. */
  nest(args: {
    level1: {
      level2: {
        level3: {
          level4: {
            level5: { level6: { level7: { level8: { level9: unknown /* nested deeper than 8 levels */ } } } };
          };
        };
      };
    };
  }): Promise<boolean>;
};
