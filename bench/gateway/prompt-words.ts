/**
 * Unrelated everyday nouns. Each benchmark prompt is a handful of them drawn at random, so that no
 * two prompts mean the same thing and a semantic reply cache answers none of them (its lookup
 * still runs: that cost is part of what the server adds).
 */
const words = `
anchor apple armchair avalanche bakery balloon bandage barley basket battery beacon beetle bicycle
blanket blizzard bookshelf bottle bracelet bridge broom bucket cabbage cactus calendar camel candle
canyon carpet castle cathedral cellar chimney chisel circus citizen cliff clock cobweb coconut comet
compass copper cottage crayon crocodile cucumber cupboard curtain cushion dagger dairy desert diamond
dolphin doorbell dragonfly drum eagle earthquake elbow elevator emerald envelope factory falcon
feather fence ferry fiddle fireplace flannel flute fountain fox galaxy garage garlic geyser giraffe
glacier glove granite grapefruit greenhouse guitar hammock harbor harp helmet hammer hedgehog honey
hospital hurricane iceberg igloo ink island jacket jaguar jellyfish jungle kangaroo kettle keyboard
kitchen kite ladder lagoon lantern lemon library lighthouse lizard lobster locomotive magnet mango
marble meadow microscope mirror monastery mosquito mountain mushroom necklace needle nest notebook
oasis octopus orchard orchestra ostrich oven paddle pajamas palace parachute parrot passport peanut
pebble pelican pencil pepper piano pillow pineapple pirate planet plumber pocket pond porcupine
potato pottery pumpkin puzzle pyramid quarry quilt rabbit raccoon radish railway rainbow raven
reef ribbon rocket saddle sailboat sandwich satellite saxophone scarecrow scissors seahorse shovel
skeleton skyscraper sled snail snowflake spider sponge squirrel stadium staircase statue submarine
sunflower swamp sweater tadpole telescope tent thermometer thunder tiger toaster tornado tractor
trumpet tulip tunnel turtle umbrella unicorn valley vase velvet village violin volcano waffle wagon
walnut waterfall whistle windmill wizard wolf yacht yogurt zebra zipper
`
  .trim()
  .split(/\s+/);

/** `count` words drawn at random (with replacement), space-separated. */
export function randomWords(count: number): string {
  return Array.from({ length: count }, () => words[Math.floor(Math.random() * words.length)]!).join(' ');
}
