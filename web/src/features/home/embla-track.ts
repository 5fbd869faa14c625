import EmblaCarousel from 'embla-carousel';

/**
 * Embla on the carousel (`viewport`, whose first child is the track of slides): it scrolls to
 * the slide the carousel shows and reports the slide a drag or swipe lands on.
 */
export const attachEmbla = (viewport: HTMLElement, startIndex: number, onSelect: (index: number) => void) => {
  const embla = EmblaCarousel(viewport, { loop: true, startIndex, duration: 30 });
  embla.on('select', () => onSelect(embla.selectedScrollSnap()));
  return {
    show: (index: number, jump: boolean) => {
      if (embla.selectedScrollSnap() !== index) embla.scrollTo(index, jump);
    },
    destroy: () => embla.destroy(),
  };
};
