// jsdom tests cannot evaluate `import.meta.url`; the built remote has the real asset URLs.
module.exports = { HOW_IT_WORKS_VIDEO: { src: '/mf/consent/how-it-works.webm', captions: '/mf/consent/how-it-works.en.vtt', poster: '/mf/consent/how-it-works-poster.png' } };
