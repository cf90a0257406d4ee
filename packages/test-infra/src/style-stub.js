// CSS imports have no meaning in jsdom tests.
module.exports = {};
