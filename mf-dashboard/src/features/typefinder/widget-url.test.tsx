import { widgetSource } from './widget-url';

describe('widgetSource', () => {
  it.each([
    ['https://tf.example.com/widget', 'https://tf.example.com/widget?email=a%40study.example.org'],
    ['https://tf.example.com/embed?lang=en', 'https://tf.example.com/embed?lang=en&email=a%40study.example.org'],
    ['https://tf.example.com/widget?email=old%40x.org', 'https://tf.example.com/widget?email=a%40study.example.org'],
  ])('%s -> %s', (widget, expected) => {
    expect(widgetSource(widget, 'a@study.example.org')).toBe(expected);
  });
});
