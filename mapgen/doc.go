// Package mapgen builds a hex map from geographic data: it reads a
// theatre's source (maps/geo: cities, rivers, lakes, terrain areas,
// railways, borders and regions in longitude and latitude, with Natural
// Earth's land), projects it with a conic projection, rasterizes it onto
// flat-topped hexes and writes the map file that scenario.LoadMapFile
// reads. It also draws maps as SVG or PNG and answers look-ups (find,
// distance, show) for the gpw map command.
package mapgen
